import { kubernetesVersions, seededRandom } from '@rxkube/testing';
import { assert, describe, expect, it } from 'vitest';
import type { CachedCollectionOptions } from '../../src/collection/cached-collection-options.js';
import { SimClient } from '../support/sim-client.js';
import { SimCluster } from '../support/sim-cluster.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A day in a cluster, in virtual time, on every Kubernetes version FakeApiServer answers as:
 * three apiserver replicas (one whose watch cache lags 5 s, so consistent streaming lists it
 * serves may get 504), 50 clients of every flavour (streaming lists where the version serves
 * them, 'auto' everywhere), six quiet hours, then steady writes, two replica restarts (the second
 * down 2 s, then its cache initializing 3 s), a persistent fault and a 410 to every watch at once.
 */
describe.each(kubernetesVersions)(
  'a day in a cluster on %s (virtual time, 50 clients, 3 replicas)',
  (version) => {
    it('stays live when quiet, lists at most once per restart, spreads relists, never goes back in time, keeps requests bounded', () => {
      const sim = new SimCluster({ replicas: [{}, {}, { lagMs: 5_000 }], version });
      const random = seededRandom(7);
      for (let i = 0; i < 20; i++) sim.write(`p${i}`);

      // 'stream' needs the WatchList gate on; 'auto' streams where it can and lists elsewhere
      const streaming = sim.streamsLists ? 'stream' : 'auto';
      const flavours: CachedCollectionOptions[] = [
        {},
        { listSemantic: 'any' },
        { initialList: 'auto' },
        { initialList: streaming },
        { initialList: streaming, listSemantic: 'any' },
        { idleTimeoutMs: 90_000, listSemantic: 'any' },
      ];
      const flavourOf = (i: number): CachedCollectionOptions => {
        const flavour = flavours[i % flavours.length];
        assert(flavour, 'flavours is not empty');
        return flavour;
      };
      const clients = Array.from(
        { length: 50 },
        (_, i) => new SimClient(sim, `c${i}`, flavourOf(i), 100 + i),
      );

      // 00:00–06:00 quiet; from 06:00 a write every 20 s
      // (one pending timer at a time: the virtual scheduler sorts its queue on every schedule)
      sim.scheduler.schedule(function writeNext() {
        const name = `p${Math.floor(random() * 25)}`;
        sim.write(name, random() < 0.2 ? 'delete' : 'put');
        if (sim.now + 20_000 < 24 * HOUR) this.schedule(undefined, 20_000);
      }, 6 * HOUR);
      const restarts: [number, number] = [8 * HOUR, 14 * HOUR];
      // each restart comes with a write its watchers had no time to receive: they resume from
      // before the restarted cache's start, and get 410 there
      const restart = (index: number, downMs: number, initializingMs: number) => () => {
        sim.write('p0');
        sim.restart(index, downMs, initializingMs);
      };
      sim.scheduler.schedule(restart(0, 0, 0), restarts[0]); // back at once
      sim.scheduler.schedule(restart(1, 2_000, 3_000), restarts[1]); // down for 2 s, then its cache initializes
      // 16:00–17:00 a damaged line at the next event, for every watch that reaches it
      sim.scheduler.schedule(() => {
        sim.faults = { damagedAt: sim.revision + 1 };
      }, 16 * HOUR);
      sim.scheduler.schedule(() => {
        sim.faults = {};
      }, 17 * HOUR);
      const expiredAt = 20 * HOUR;
      // a 410 names a version older than the server's window: the store has moved past it
      sim.scheduler.schedule(() => {
        sim.write('p0');
        sim.expireWatches();
      }, expiredAt);

      sim.runUntil(24 * HOUR);

      // quiet hours: nothing but live
      for (const c of clients) expect(c.notLiveBetween(MINUTE, 6 * HOUR), c.name).toEqual([]);
      // at most one LIST per client per restart that moves it on. A NotOlderThan relist that meets
      // the lagging replica is refused (504) or answered at the very version that failed (then the
      // consistent read follows): those come from the watch cache and are counted apart.
      for (const at of restarts) {
        for (const c of clients) {
          const answered = c
            .requests('list', at, at + 10 * MINUTE)
            .filter(
              (r) =>
                r.result === 'ok' &&
                !(r.match === 'NotOlderThan' && r.answered === r.resourceVersion),
            );
          expect(answered.length, c.name).toBeLessThanOrEqual(1);
        }
      }
      // never back in time; converged at the end; no client failed
      for (const c of clients) {
        expect(c.neverBackInTime(), c.name).toEqual([]);
        expect(c.error, c.name).toBeUndefined();
      }
      sim.runUntil(24 * HOUR + 5 * MINUTE);
      for (const c of clients) expect(c.converged(), c.name).toBe(true);

      // the fleet's relists after the 410 at 20:00: LISTs, or streaming lists for the clients that stream
      const relists = sim.requests.filter(
        (r) =>
          (r.kind === 'list' || r.initialEvents) && r.at >= expiredAt && r.at < expiredAt + MINUTE,
      );
      // each client's first relist request (one that met the lagging replica is followed by a
      // consistent read: a second request of the same relist)
      const first = new Map<string, number>();
      for (const r of relists) if (!first.has(r.client)) first.set(r.client, r.at - expiredAt);
      const times = [...first.values()];
      const lists = clients.map((c) => c.requests('list').length);
      const requests = clients.map((c) => c.requests().length);
      const quiet = clients.map((c) => c.requests(undefined, MINUTE, 6 * HOUR).length);
      console.log(
        [
          `day on ${version}: ${sim.requests.length} requests in 24 h for 50 clients (per client ${Math.min(...requests)}–${Math.max(...requests)}; LISTs per client ${Math.min(...lists)}–${Math.max(...lists)})`,
          `day: quiet hours, requests per client ${Math.min(...quiet)}–${Math.max(...quiet)} in 5 h 59 min, all watches, none cut by a client`,
          `day: after 410 to all at 20:00, ${first.size} clients relisted (${relists.length} LIST or streaming-list requests), first requests from ${Math.min(...times).toFixed(0)} to ${Math.max(...times).toFixed(0)} ms`,
          ...restarts.map(
            (at) =>
              `day: restart at ${at / HOUR}:00 → ${sim.requests.filter((r) => (r.kind === 'list' || r.initialEvents) && r.at >= at && r.at < at + 10 * MINUTE).length} relists, ${sim.requests.filter((r) => r.result === '410' && r.at >= at && r.at < at + 10 * MINUTE).length} watches answered 410, ${sim.requests.filter((r) => r.kind === 'list' && r.result === '504' && r.at >= at && r.at < at + 10 * MINUTE).length} LISTs answered 504, ${sim.requests.filter((r) => r.kind === 'list' && r.match === 'NotOlderThan' && r.answered === r.resourceVersion && r.at >= at && r.at < at + 10 * MINUTE).length} answered at the failing version, ${sim.requests.filter((r) => r.at >= at && r.at < at + 10 * MINUTE).length} requests in 10 min`,
          ),
          `day: streaming lists answered 422 ${sim.requests.filter((r) => r.initialEvents && r.result === '422').length}, ERROR 504 ${sim.requests.filter((r) => r.initialEvents && r.result === '504').length}; requests answered 429 while a cache initialized ${sim.requests.filter((r) => r.result === '429').length}`,
          `day: the 16:00 damaged line → ${sim.requests.filter((r) => r.kind === 'list' && r.at >= 16 * HOUR && r.at < 17 * HOUR).length} LISTs, ${sim.requests.filter((r) => r.result === 'damaged').length} damaged watches`,
        ].join('\n'),
      );
      // the version's own answers were met and lived through: 422 where the gate is off, a
      // consistent streaming list on the lagging replica ending in 504, 429 while a cache initialized
      const streamed = (result: string) =>
        sim.requests.filter((r) => r.initialEvents && r.result === result).length;
      if (sim.streamsLists) expect(streamed('504')).toBeGreaterThan(0);
      else expect(streamed('422')).toBeGreaterThan(0);
      if (sim.minor >= 31) {
        expect(sim.requests.filter((r) => r.result === '429').length).toBeGreaterThan(0);
      }
      expect(first.size).toBe(50);
      for (const c of clients) {
        expect(relists.filter((r) => r.client === c.name).length, c.name).toBeLessThanOrEqual(2);
      }
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(500);
      // quiet hours cost only watch rotations
      const quietWatchesCut = sim.requests.filter(
        (r) => r.at >= MINUTE && r.at < 6 * HOUR && r.result !== 'ended' && r.result !== 'ok',
      );
      expect(quietWatchesCut).toEqual([]);
      // bounded: a rotation every 145–290 s is at most ~600 watches a day (90 s idle, a rotation every 45–90 s: ~1,900)
      for (const [i, c] of clients.entries()) {
        const bound = flavourOf(i).idleTimeoutMs === 90_000 ? 2_000 : 1_000;
        expect(c.requests().length, c.name).toBeLessThanOrEqual(bound);
        expect(c.requests('list').length, c.name).toBeLessThanOrEqual(8);
        c.stop();
      }
    }, 300_000);
  },
);
