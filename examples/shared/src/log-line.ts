/**
 * Writes one line to stdout, after the time of day (`08:16:19.446 …`).
 *
 * @example
 * ```ts
 * import { logLine } from './log-line.js';
 * logLine('synced');
 * ```
 */
export function logLine(line: string): void {
  process.stdout.write(`${new Date().toISOString().slice(11, 23)} ${line}\n`);
}
