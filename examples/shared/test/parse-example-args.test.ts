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

describe('parseExampleArgs with extra options', () => {
  it("returns the example's own options by name, and still rejects unknown ones", () => {
    const extra = { act: 'boolean', replicas: 'string' } as const;
    expect(parseExampleArgs(['--act', '--replicas', '3', '-A'], {}, { extra })).toMatchObject({
      allNamespaces: true,
      extra: { act: true, replicas: '3' },
    });
    expect(parseExampleArgs([], {}, { extra }).extra).toEqual({
      act: undefined,
      replicas: undefined,
    });
    expect(parseExampleArgs([], {}).extra).toEqual({});
    expect(() => parseExampleArgs(['--act'], {})).toThrow(/act/);
  });
});
