import { describe, expect, it } from 'vitest';
import { parseExampleArgs } from '../src/parse-example-args.js';

describe('parseExampleArgs', () => {
  it('uses the embedded server by default, with no namespace chosen', () => {
    expect(parseExampleArgs([], {})).toMatchObject({ mode: 'embedded', allNamespaces: false });
    expect(parseExampleArgs([], {})).not.toHaveProperty('namespace');
  });

  it('selects a real cluster with --real, --kubeconfig or a KUBECONFIG variable', () => {
    expect(parseExampleArgs(['--real'], {}).mode).toBe('real');
    expect(parseExampleArgs(['--kubeconfig', '/k'], {})).toMatchObject({
      mode: 'real',
      kubeconfig: '/k',
    });
    expect(parseExampleArgs([], { KUBECONFIG: '/k' }).mode).toBe('real');
    expect(parseExampleArgs([], { KUBECONFIG: '' }).mode).toBe('embedded');
  });

  it('forces the embedded server with --embedded, even with KUBECONFIG set', () => {
    expect(parseExampleArgs(['--embedded'], { KUBECONFIG: '/k' }).mode).toBe('embedded');
  });

  it('skips the -- that pnpm passes along, and reads the other options', () => {
    expect(
      parseExampleArgs(['--', '-n', 'shop', '--context', 'staging', '--duration', '1.5'], {}),
    ).toMatchObject({ namespace: 'shop', context: 'staging', durationMs: 1500 });
  });

  it('rejects unknown options and a duration that is not a positive number', () => {
    expect(() => parseExampleArgs(['--bogus'], {})).toThrow(/bogus/);
    expect(() => parseExampleArgs(['--duration', 'soon'], {})).toThrow(/--duration/);
  });
});

describe('parseExampleArgs --act', () => {
  it('acts against the embedded server, and against a real cluster only with --act', () => {
    expect(parseExampleArgs([], {}).act).toBe(true);
    expect(parseExampleArgs(['--real'], {}).act).toBe(false);
    expect(parseExampleArgs(['--real', '--act'], {}).act).toBe(true);
  });

  it('reads the replica options and rejects bad ones', () => {
    expect(
      parseExampleArgs(
        ['--replicas', '3', '--crash-leader-after', '0', '--lease-namespace', 'ops'],
        {},
      ),
    ).toMatchObject({ replicas: 3, crashLeaderAfterMs: 0, leaseNamespace: 'ops' });
    expect(() => parseExampleArgs(['--replicas', '0'], {})).toThrow(/--replicas/);
    expect(() => parseExampleArgs(['--replicas', '1.5'], {})).toThrow(/--replicas/);
    expect(() => parseExampleArgs(['--crash-leader-after', '-1'], {})).toThrow(
      /--crash-leader-after/,
    );
  });
});
