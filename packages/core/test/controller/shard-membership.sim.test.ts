import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runScenario, ShardSim, type SimMember, simTimings } from './shard-sim.js';

/**
 * Shard membership in virtual time: members on a simulated API server (a linearizable Lease
 * store with random latencies, requests that may land after they were given up), each feeding a
 * simulated controller whose stopped runs take a while to end. Every start of work on a key is
 * checked against every other member still working on it.
 */

const { fast, slow, quick } = simTimings;
const keys = Array.from({ length: 300 }, (_, i) => `ns-${i % 7}/object-${i}`);
/** Besides the protocol's own waits: a few requests' latency in the simulation. */
const SLACK_MS = 2_000;

async function groupOf(
  sim: ShardSim,
  names: readonly string[],
  timings = fast,
): Promise<SimMember[]> {
  const members = names.map((name) => sim.join(name, timings));
  await sim.scheduler.runUntilTrue(() => sim.converged(), 30_000);
  return members;
}

const ownedBy = (sim: ShardSim, member: SimMember) => sim.keys.filter((key) => member.owns(key));

describe('shard membership in virtual time', () => {
  it('settles three members on one view: every key owned by exactly one, about a third each', async () => {
    const sim = new ShardSim(keys, 1);
    const members = await groupOf(sim, ['a', 'b', 'c']);
    for (const member of members) {
      expect(member.latest?.members).toEqual(['a', 'b', 'c']);
      const share = ownedBy(sim, member).length / keys.length;
      expect(share).toBeGreaterThanOrEqual((1 / 3) * 0.7);
      expect(share).toBeLessThanOrEqual((1 / 3) * 1.3);
    }
    expect(sim.leaseHolders()).toEqual(['a', 'b', 'c']);
    expect(sim.overlaps).toEqual([]);
  });

  it('a joiner works within 2 · retryPeriodMs of being seen by another member; at most 1.5/N of the keys move, all to it', async () => {
    const sim = new ShardSim(keys, 2);
    // Default-like proportions (retry period 1 s; the simulated requests take up to ~1 s).
    const [a, b] = await groupOf(sim, ['a', 'b'], slow);
    const before = new Map(keys.map((key) => [key, a?.owns(key) ? 'a' : 'b']));
    const c = sim.join('c', slow);
    const seenAt = await sim.scheduler.runUntilTrue(() => sim.firstSeen.has('c'), 60_000, 1);
    const workingAt = await sim.scheduler.runUntilTrue(
      () => sim.starts.some((s) => s.member === 'c'),
      seenAt + 10_000,
      1,
    );
    expect(workingAt - seenAt).toBeLessThanOrEqual(2 * slow.retryPeriodMs);
    await sim.scheduler.runUntilTrue(() => sim.converged(), seenAt + 30_000);
    let moved = 0;
    for (const key of keys) {
      const owner = [a, b, c].find((m) => m?.owns(key))?.identity;
      if (owner === before.get(key)) continue;
      moved++;
      expect(owner).toBe('c');
    }
    expect(moved / keys.length).toBeLessThanOrEqual(1.5 / 3);
    expect(moved).toBeGreaterThan(0);
    expect(b?.latest?.members).toEqual(['a', 'b', 'c']);
    expect(sim.overlaps).toEqual([]);
  });

  it('a graceful leave hands its keys over within a retry period and deletes its Lease', async () => {
    const sim = new ShardSim(keys, 3);
    const [a, b, c] = await groupOf(sim, ['a', 'b', 'c']);
    const left = ownedBy(sim, b as SimMember);
    const leftAt = sim.scheduler.now();
    b?.leave();
    await sim.scheduler.runUntilTrue(
      () => b?.completed === true && left.every((key) => a?.owns(key) || c?.owns(key)),
      leftAt + 30_000,
      1,
    );
    expect(sim.scheduler.now() - leftAt).toBeLessThanOrEqual(fast.retryPeriodMs + SLACK_MS);
    expect(sim.leaseHolders()).toEqual(['a', 'c']);
    await sim.scheduler.runUntilTrue(() => sim.converged(), leftAt + 30_000);
    expect(a?.latest?.members).toEqual(['a', 'c']);
    expect(sim.overlaps).toEqual([]);
  });

  it('after kill -9, the others work its keys within leaseDurationMs + retryPeriodMs + 2 s, never before its Lease expired', async () => {
    const sim = new ShardSim(keys, 4);
    const [a, b, c] = await groupOf(sim, ['a', 'b', 'c']);
    const orphaned = ownedBy(sim, c as SimMember);
    const killedAt = sim.scheduler.now();
    c?.kill();
    const takenAt = await sim.scheduler.runUntilTrue(
      () => orphaned.every((key) => a?.owns(key) || b?.owns(key)),
      killedAt + 60_000,
      1,
    );
    expect(takenAt - killedAt).toBeLessThanOrEqual(
      fast.leaseDurationMs + fast.retryPeriodMs + SLACK_MS,
    );
    // Its Lease was renewed at most a retry period before the kill, and lasts leaseDurationMs.
    expect(takenAt - killedAt).toBeGreaterThanOrEqual(fast.leaseDurationMs - fast.retryPeriodMs);
    expect(sim.leaseHolders()).toEqual(['a', 'b']);
    expect(sim.overlaps).toEqual([]);
  });

  it.each([
    ['down', 'a member cut off'],
    ['reads-only', 'a member whose writes fail'],
  ] as const)(
    '%s: %s stops all work before its Lease can expire; the others take its keys after; it rejoins when the network is back',
    async (network, _what) => {
      const sim = new ShardSim(keys, 5);
      const [a, b, c] = await groupOf(sim, ['a', 'b', 'c']);
      const cutAt = sim.scheduler.now();
      (c as SimMember).network = network;
      const stoppedAt = await sim.scheduler.runUntilTrue(
        () => c?.latest?.settled === false,
        cutAt + 30_000,
        1,
      );
      expect(stoppedAt - cutAt).toBeLessThanOrEqual(fast.renewDeadlineMs);
      await sim.scheduler.runUntil(cutAt + 3 * fast.leaseDurationMs);
      expect(sim.overlaps).toEqual([]);
      // Its Lease went unrenewed: the others removed it and share its keys.
      expect(sim.leaseHolders()).toEqual(['a', 'b']);
      expect(keys.every((key) => a?.owns(key) !== b?.owns(key))).toBe(true);
      (c as SimMember).network = 'ok';
      await sim.scheduler.runUntilTrue(() => sim.converged(), sim.scheduler.now() + 30_000);
      expect(c?.latest?.members).toEqual(['a', 'b', 'c']);
      expect(sim.overlaps).toEqual([]);
    },
  );

  it('a member that renews but cannot read keeps its keys (nobody may take them) and gains none until it reads again', async () => {
    const sim = new ShardSim(keys, 7);
    const [a, b, c] = await groupOf(sim, ['a', 'b', 'c']);
    const own = ownedBy(sim, c as SimMember);
    (c as SimMember).network = 'writes-only';
    // Meanwhile d joins: a and b give it keys, c cannot learn of it and keeps claiming its own.
    const d = sim.join('d', fast);
    await sim.scheduler.runUntil(sim.scheduler.now() + 3 * fast.leaseDurationMs);
    expect(c?.latest?.settled).toBe(true);
    expect(ownedBy(sim, c as SimMember)).toEqual(own);
    expect(sim.leaseHolders()).toEqual(['a', 'b', 'c', 'd']);
    expect(own.some((key) => a?.owns(key) || b?.owns(key) || d.owns(key))).toBe(false);
    expect(ownedBy(sim, d).length).toBeGreaterThan(0);
    (c as SimMember).network = 'ok';
    await sim.scheduler.runUntilTrue(() => sim.converged(), sim.scheduler.now() + 30_000);
    expect(c?.latest?.members).toEqual(['a', 'b', 'c', 'd']);
    expect(sim.overlaps).toEqual([]);
  });

  it('members with different lease durations never overlap: expiry is judged by the duration each recorded', async () => {
    const sim = new ShardSim(keys, 6);
    const a = sim.join('a', slow);
    const b = sim.join('b', quick);
    const c = sim.join('c', fast);
    await sim.scheduler.runUntilTrue(() => sim.converged(), 30_000);
    // The slow member is cut off: the quick one must wait for the 6 s the slow one recorded.
    const cutAt = sim.scheduler.now();
    a.network = 'down';
    const takenAt = await sim.scheduler.runUntilTrue(
      () => keys.every((key) => b.owns(key) || c.owns(key)),
      cutAt + 60_000,
      1,
    );
    expect(takenAt - cutAt).toBeGreaterThanOrEqual(slow.leaseDurationMs - slow.retryPeriodMs);
    expect(sim.overlaps).toEqual([]);
  });

  it('keeps every key with one member through random joins, leaves, kills, restarts, cuts and slow spells', async () => {
    const event = fc.oneof(
      fc.record({
        type: fc.constant('join' as const),
        timings: fc.constantFrom(fast, slow, quick),
      }),
      fc.record({ type: fc.constant('leave' as const), pick: fc.nat() }),
      fc.record({ type: fc.constant('kill' as const), pick: fc.nat() }),
      fc.record({
        type: fc.constant('restart' as const),
        pick: fc.nat(),
        afterMs: fc.integer({ min: 0, max: 5_000 }),
      }),
      fc.record({
        type: fc.constant('cut' as const),
        pick: fc.nat(),
        network: fc.constantFrom('down' as const, 'reads-only' as const, 'writes-only' as const),
        forMs: fc.integer({ min: 100, max: 12_000 }),
      }),
      fc.record({ type: fc.constant('slow' as const), ms: fc.integer({ min: 200, max: 1_500 }) }),
    );
    const scenario = fc.record({
      seed: fc.nat(),
      start: fc.integer({ min: 1, max: 4 }),
      events: fc.array(fc.record({ afterMs: fc.integer({ min: 0, max: 4_000 }), event }), {
        maxLength: 12,
      }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const sim = await runScenario(keys.slice(0, 60), s);
        expect(sim.overlaps).toEqual([]);
      }),
      { numRuns: Number(process.env.RXKUBE_SHARD_RUNS ?? 25), endOnFailure: true },
    );
  }, 300_000);
});
