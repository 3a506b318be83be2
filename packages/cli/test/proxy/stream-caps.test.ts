import { describe, expect, it } from 'vitest';
import { descriptorLimit } from '../../src/internal/proxy/descriptor-limit.js';
import { proxyCaps } from '../../src/internal/proxy/proxy-caps.js';
import { StreamLimits } from '../../src/internal/proxy/stream-limits.js';

describe('StreamLimits', () => {
  it('refuses a client at its share, and everyone at the cap, until streams are released', () => {
    const limits = new StreamLimits({ maxStreams: 3, maxStreamsPerClient: 2 });
    const a1 = limits.take('a');
    const a2 = limits.take('a');
    expect(limits.take('a')).toEqual({
      refused:
        'this client has 2 requests open, the most the proxy serves one client (--max-streams-per-client)',
    });
    const b1 = limits.take('b');
    expect(limits.take('c')).toEqual({
      refused: 'the proxy has 3 requests open, the most it serves at once (--max-streams)',
    });
    expect(limits.open).toBe(3);
    if (!('release' in a1 && 'release' in a2 && 'release' in b1)) throw new Error('refused');
    a1.release();
    a1.release(); // twice counts once
    expect(limits.open).toBe(2);
    expect('release' in limits.take('c')).toBe(true);
    expect('refused' in limits.take('b')).toBe(true);
    a2.release();
    b1.release();
    expect(limits.open).toBe(1);
  });
});

describe('proxyCaps', () => {
  it.each([
    // limit, streams, per client, connections
    [undefined, 1024, 256, 1024],
    [20_000, 1024, 256, 1024],
    [2_112, 1024, 256, 1024],
    [1_024, 480, 120, 480],
    [256, 96, 24, 96],
    [70, 3, 1, 3],
  ])(
    'with a limit of %s files: %s streams, %s per client, %s connections',
    (limit, streams, perClient, connections) => {
      expect(proxyCaps(limit)).toEqual({
        maxStreams: streams,
        maxStreamsPerClient: perClient,
        maxConnections: connections,
      });
    },
  );

  it('takes the flags within the limit, and says why not beyond it', () => {
    expect(proxyCaps(1_024, { maxStreams: 100 })).toEqual({
      maxStreams: 100,
      maxStreamsPerClient: 25,
      maxConnections: 860,
    });
    expect(proxyCaps(1_024, { maxStreams: 100, maxStreamsPerClient: 100 })).toMatchObject({
      maxStreamsPerClient: 100,
    });
    expect(() => proxyCaps(1_024, { maxStreams: 481 })).toThrow(
      '--max-streams=481 needs more files than the process may open (ulimit -n 1024): at most 480',
    );
    expect(() => proxyCaps(1_024, { maxStreams: 10, maxStreamsPerClient: 11 })).toThrow(
      '--max-streams-per-client=11 is more than --max-streams (10)',
    );
    expect(() => proxyCaps(64)).toThrow('the process may open 64 files (ulimit -n), too few');
  });

  it("reads this process's limit of open files", () => {
    const limit = descriptorLimit();
    if (process.platform === 'linux') expect(limit).toBeGreaterThan(64);
    expect(descriptorLimit('/nonexistent/limits')).toBeUndefined();
  });
});
