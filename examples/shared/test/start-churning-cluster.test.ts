import { describe, expect, it } from 'vitest';
import { startChurningCluster } from '../src/start-churning-cluster.js';

const PODS = { version: 'v1', resource: 'pods' };

describe('startChurningCluster', () => {
  it('seeds the server, then writes once per tick with seeded choices', async () => {
    const picks: string[] = [];
    const cluster = await startChurningCluster({
      seed: 1,
      churnIntervalMs: 5,
      faults: false,
      churn: ({ server, pick }) => {
        server.create(PODS, { metadata: { namespace: 'shop', name: 'web-0' } });
        return (tick) => {
          picks.push(pick(['a', 'b', 'c']));
          server.patch(
            PODS,
            { namespace: 'shop', name: 'web-0' },
            { metadata: { annotations: { tick: String(tick) } } },
          );
        };
      },
    });
    try {
      expect(cluster.server.objects(PODS)).toHaveLength(1);
      // Ticks go on while the condition is polled: wait for the third, or any after it.
      await cluster.server.waitFor(
        () =>
          Number(
            cluster.server.objects<{ metadata: { annotations?: Record<string, string> } }>(PODS)[0]
              ?.metadata.annotations?.tick,
          ) >= 3,
        { timeoutMs: 5_000 },
      );
    } finally {
      await cluster.stop();
    }
    const again: string[] = [];
    const second = await startChurningCluster({
      seed: 1,
      churnIntervalMs: 5,
      faults: false,
      churn:
        ({ pick }) =>
        () => {
          again.push(pick(['a', 'b', 'c']));
        },
    });
    await second.server.waitFor(() => again.length >= 3, { timeoutMs: 5_000 });
    await second.stop();
    expect(again.slice(0, 3)).toEqual(picks.slice(0, 3));
  });

  it('throws when the churn picks from an empty list', async () => {
    let failure: unknown;
    const cluster = await startChurningCluster({
      seed: 1,
      churnIntervalMs: 5,
      faults: false,
      churn: ({ pick }) => {
        try {
          pick([]);
        } catch (error) {
          failure = error;
        }
        return () => {};
      },
    });
    await cluster.stop();
    expect(failure).toBeInstanceOf(Error);
  });
});
