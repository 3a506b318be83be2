import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;

describe('docs/bundle-size.md', () => {
  // The figures are written by the script (`--write`), never by hand; turbo builds the core first.
  it('docs/bundle-size.md states what the build measures', () => {
    const run = spawnSync(process.execPath, ['scripts/bundle-size.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
