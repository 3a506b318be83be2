import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../src/run-suite.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('pnpm bench options', () => {
  it('lists every option and scenario on --help, and runs nothing', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    for (const option of ['--quick', '--medium', '--repeats', '--only', '--json', '--write'])
      expect(result.stdout).toContain(option);
    expect(result.stdout).toContain(`some of: ${SCENARIOS.join(', ')}`);
    expect(result.stderr).toBe('');
  });

  it('refuses an unknown option with the usage, exit 2', () => {
    const result = run('--bogus');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Unknown option '--bogus'");
    expect(result.stderr).toContain('usage: pnpm bench');
  });

  it('refuses an unknown scenario, exit 2', () => {
    const result = run('--only=nonesuch');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown scenario nonesuch');
  });
});
