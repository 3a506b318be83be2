import { describe, expect, it } from 'vitest';
import { parseControllerArgs } from '../src/parse-controller-args.js';

describe('parseControllerArgs', () => {
  it('reads the shared options too', () => {
    expect(parseControllerArgs(['--', '-n', 'shop', '--duration', '1.5'], {})).toMatchObject({
      mode: 'embedded',
      namespace: 'shop',
      durationMs: 1500,
    });
    expect(parseControllerArgs([], {})).not.toHaveProperty('extra');
    expect(() => parseControllerArgs(['--bogus'], {})).toThrow(/bogus/);
  });

  it('acts against the embedded server, and against a real cluster only with --act', () => {
    expect(parseControllerArgs([], {}).act).toBe(true);
    expect(parseControllerArgs(['--real'], {}).act).toBe(false);
    expect(parseControllerArgs(['--real', '--act'], {}).act).toBe(true);
  });

  it('reads the replica options and rejects bad ones', () => {
    expect(
      parseControllerArgs(
        ['--replicas', '3', '--crash-leader-after', '0', '--lease-namespace', 'ops'],
        {},
      ),
    ).toMatchObject({ replicas: 3, crashLeaderAfterMs: 0, leaseNamespace: 'ops' });
    expect(() => parseControllerArgs(['--replicas', '0'], {})).toThrow(/--replicas/);
    expect(() => parseControllerArgs(['--replicas', '1.5'], {})).toThrow(/--replicas/);
    expect(() => parseControllerArgs(['--crash-leader-after', '-1'], {})).toThrow(
      /--crash-leader-after/,
    );
  });
});
