import { describe, expect, it } from 'vitest';
import { rxkube } from './support/rxkube-process.js';

describe('rxkube demo', () => {
  it('runs for its duration with faults, ends with divergence 0 and exits 0', async () => {
    const { code, stdout, stderr } = await rxkube(['demo', '--duration', '6', '--rate', '50']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // Not a terminal: one status line per second, never redrawn.
    expect(stdout).not.toContain('\u001b[');
    expect(stdout.match(/ · cache (=|≠) server/g)?.length).toBeGreaterThanOrEqual(4);
    // The first three faults of the cycle come within six seconds of the initial list.
    expect(stdout).toMatch(/^\[ *[\d.]+s\] fault: dropped every watch connection/m);
    expect(stdout).toMatch(/^\[ *[\d.]+s\] fault: watches stalled/m);
    expect(stdout).toMatch(/^\[ *[\d.]+s\] fault: .*history compacted/m);
    expect(stdout).toMatch(/health: relisting after ResourceVersionExpired/);
    expect(stdout).toMatch(/^ {2}divergence {7}0: the cache equals the server$/m);
    const figure = (label: string) =>
      Number(stdout.match(new RegExp(`^  ${label}\\s+(\\d+)`, 'm'))?.[1]);
    expect(figure('writes')).toBeGreaterThan(100);
    expect(figure('events applied')).toBeGreaterThan(100);
    expect(figure('reconnects')).toBeGreaterThanOrEqual(2);
    expect(stdout).toMatch(/^ {2}lists {12}\d+ \([1-9]\d* relists?\)$/m);
  }, 40_000);
});
