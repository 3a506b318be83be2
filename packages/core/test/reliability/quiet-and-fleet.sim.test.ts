import { assert, describe, expect, it } from 'vitest';
import type { CachedCollectionOptions } from '../../src/collection/cached-collection-options.js';
import { SimClient } from '../support/sim-client.js';
import { type SimCluster as Sim, SimCluster, type SimFaults } from '../support/sim-cluster.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function seedObjects(sim: Sim, count: number): void {
  for (let i = 0; i < count; i++) sim.write(`p${i}`);
}

describe('a quiet collection (virtual time)', () => {
  it.each([
    [undefined as number | undefined, 'default'],
    [3_000, '3 s'],
    [60_000, '60 s'],
    [3_600_000, '1 h'],
  ])(
    'stays live for 30 minutes with idleTimeoutMs %s (%s), never aborting a watch itself',
    (idleTimeoutMs) => {
      const sim = new SimCluster();
      seedObjects(sim, 5);
      const client = new SimClient(sim, 'c', idleTimeoutMs === undefined ? {} : { idleTimeoutMs });
      sim.runUntil(30 * MINUTE);
      const watches = client.requests('watch');
      const lists = client.requests('list');
      console.log(
        `quiet 30 min, idleTimeoutMs ${idleTimeoutMs ?? 'default'}: ${lists.length} LIST, ${watches.length} watches, ` +
          `ended by the server ${watches.filter((w) => w.result === 'ended').length}, health ${client.health.map((h) => `${h.status}@${h.at}ms`).join(' → ')}, ` +
          `reconnects ${client.reconnects}, relists ${client.relists}`,
      );
      // Synced and listing, live once the first watch is accepted, and nothing else for 30 minutes.
      expect(client.health.map((h) => h.status)).toEqual(['listing', 'live']);
      expect(lists).toHaveLength(1);
      // every watch but the one still open was ended by the server, none by the client
      expect(watches.slice(0, -1).every((w) => w.result === 'ended')).toBe(true);
      expect(watches.at(-1)!.result).toBe('ok');
      expect(client.reconnects).toBe(0);
      expect(client.converged()).toBe(true);
      client.stop();
    },
  );

  it('still detects a truly stalled connection within idleTimeoutMs plus the 5 s margin', () => {
    for (const idleTimeoutMs of [3_000, 60_000, 300_000]) {
      const sim = new SimCluster();
      seedObjects(sim, 2);
      const client = new SimClient(sim, 'c', { idleTimeoutMs });
      sim.runUntil(MINUTE);
      const stalledAt = sim.now;
      sim.faults = { stall: true };
      sim.runUntil(stalledAt + idleTimeoutMs + 5_000);
      const stalled = client.requests('watch').filter((w) => w.result === 'stalled');
      expect(stalled.length).toBeGreaterThanOrEqual(1);
      const [first] = stalled;
      assert(first?.endedAt !== undefined, 'the stalled watch has ended');
      expect(first.endedAt - stalledAt).toBeLessThanOrEqual(idleTimeoutMs + 5_000);
      expect(client.notLiveBetween(stalledAt, sim.now)[0]).toMatch(/^reconnecting/);
      expect(client.health.at(-1)!.status).toBe('reconnecting');
      sim.faults = {};
      sim.write('after');
      sim.runUntil(sim.now + 2 * MINUTE);
      expect(client.converged()).toBe(true);
      expect(client.requests('list')).toHaveLength(1);
      client.stop();
    }
  });
});

describe('a fleet of 50 clients (virtual time)', () => {
  function fleet(sim: Sim, options: CachedCollectionOptions = {}): SimClient[] {
    return Array.from({ length: 50 }, (_, i) => new SimClient(sim, `c${i}`, options, 1000 + i));
  }
  function spread(times: number[]): { spread: number; buckets: number[] } {
    const first = Math.min(...times);
    const buckets: number[] = [];
    for (const t of times) {
      const b = Math.floor((t - first) / 100);
      buckets[b] = (buckets[b] ?? 0) + 1;
    }
    return { spread: Math.max(...times) - first, buckets: [...buckets].map((n) => n ?? 0) };
  }

  it('spreads the relists over about a second when every watch gets 410 at once', () => {
    const sim = new SimCluster();
    seedObjects(sim, 20);
    const clients = fleet(sim);
    sim.runUntil(10 * MINUTE);
    const at = sim.now;
    sim.write('p0');
    sim.expireWatches();
    sim.runUntil(at + 2 * MINUTE);
    const lists = sim.requests.filter((r) => r.kind === 'list' && r.at >= at);
    const times = lists.map((r) => r.at - at);
    const { spread: width, buckets } = spread(times);
    console.log(
      `50 clients, 410 at once: ${lists.length} LISTs from ${Math.min(...times)} to ${Math.max(...times)} ms after it (spread ${width} ms), per 100 ms: ${buckets.join(' ')}`,
    );
    for (const c of clients) expect(c.requests('list', at)).toHaveLength(1);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...times)).toBeLessThan(1_600 + 100);
    expect(width).toBeGreaterThanOrEqual(600);
    expect(Math.max(...buckets)).toBeLessThanOrEqual(15);
    for (const c of clients) {
      expect(c.converged()).toBe(true);
      expect(c.relists).toBe(1);
      c.stop();
    }
  });

  it('sends at most one LIST per client after an apiserver restart, spread out', () => {
    const sim = new SimCluster();
    seedObjects(sim, 20);
    const clients = fleet(sim, { listSemantic: 'any' });
    sim.runUntil(10 * MINUTE);
    const at = sim.now;
    sim.write('p1');
    sim.restart(0, 500);
    sim.runUntil(at + 5 * MINUTE);
    const lists = sim.requests.filter((r) => r.kind === 'list' && r.at >= at);
    const times = lists.map((r) => r.at - at);
    const { spread: width, buckets } = spread(times);
    console.log(
      `50 clients, apiserver restart (down 500 ms): ${lists.length} LISTs from ${Math.min(...times)} to ${Math.max(...times)} ms after it (spread ${width} ms), per 100 ms: ${buckets.join(' ')}; ` +
        `requests in the 5 min after: ${sim.requests.filter((r) => r.at >= at).length}`,
    );
    for (const c of clients) {
      expect(c.requests('list', at)).toHaveLength(1);
      expect(c.requests('list', at).map((r) => r.resourceVersion)).not.toContain('0');
      expect(c.converged()).toBe(true);
      expect(c.neverBackInTime()).toEqual([]);
      c.stop();
    }
    expect(width).toBeGreaterThanOrEqual(600);
  });
});

describe('a resume point that always fails (virtual time)', () => {
  const cases: [string, (revision: number) => SimFaults][] = [
    ['every watch from it ends at once, empty', (v) => ({ emptyUpTo: v })],
    ['every watch reaching the next event gets a damaged line', (v) => ({ damagedAt: v + 1 })],
    ['every watch from it gets 504 too large', (v) => ({ tooLargeUpTo: v })],
    ['every watch from it gets an ERROR that is not a Status', (v) => ({ notStatusUpTo: v })],
  ];
  it.each(cases)(
    'relists past it when %s, with requests bounded by backoff for an hour',
    (_name, fault) => {
      for (const listSemantic of ['consistent', 'any'] as const) {
        const sim = new SimCluster();
        seedObjects(sim, 5);
        const client = new SimClient(sim, 'c', { listSemantic });
        sim.runUntil(5 * MINUTE);
        const at = sim.now;
        sim.faults = fault(sim.revision);
        sim.dropWatches();
        // writes every 30 s for an hour, the fault on all along
        for (let t = 1; t <= 120; t++)
          sim.scheduler.schedule(() => sim.write(`p${t % 7}`), t * 30_000);
        sim.runUntil(at + HOUR);
        const lists = client.requests('list', at);
        const requests = client.requests(undefined, at);
        console.log(
          `persistent fault (${listSemantic}), ${_name}: ${lists.length} LISTs, ${requests.length} requests in 1 h ` +
            `(${requests.filter((r) => r.result !== 'ok' && r.result !== 'ended').length} failed), relists ${client.relists}, health now ${client.health.at(-1)!.status}`,
        );
        expect(client.converged()).toBe(true);
        expect(client.neverBackInTime()).toEqual([]);
        expect(client.health.at(-1)!.status).toBe('live');
        expect(lists.length).toBeGreaterThanOrEqual(1);
        // until the next write moves the store past the fault, a relist is answered at the faulty
        // version itself, so it falls back to a consistent read: two LISTs per relist, relists
        // spaced by their growing delay
        expect(lists.length).toBeLessThanOrEqual(2 * client.relists);
        expect(client.relists).toBeLessThanOrEqual(3);
        // a healthy hour is ~17 watches (a rotation every 145–290 s); the fault may add a few dozen at most
        expect(requests.length).toBeLessThanOrEqual(60);
        for (const list of lists) expect(list.resourceVersion).not.toBe('0');
        client.stop();
      }
    },
  );
});
