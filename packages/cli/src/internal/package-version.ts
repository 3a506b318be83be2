import { readFileSync } from 'node:fs';

/** The version in this package's package.json (`dist/` and `src/` are both one level below it). */
export function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
