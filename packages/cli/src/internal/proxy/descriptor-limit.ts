import { readFileSync } from 'node:fs';

/**
 * How many files this process may have open (its soft `RLIMIT_NOFILE`, which Node raises to the
 * hard limit at start-up), or `undefined` where the system does not say (no `/proc`).
 */
export function descriptorLimit(limits = '/proc/self/limits'): number | undefined {
  let text: string;
  try {
    text = readFileSync(limits, 'utf8');
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\d+)/m.exec(text)?.[1];
  return soft === undefined ? undefined : Number(soft);
}
