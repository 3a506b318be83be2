import { FakeApiServer, type KubernetesVersion, kubernetesVersions } from '@rxkube/testing';
import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { createFetchClient } from '../../src/fetch/create-fetch-client.js';
import type { KubeClient } from '../../src/kube-client.js';
import type { KubeObject } from '../../src/kube-object.js';
import { StateRecorder } from '../collection/state-recorder.js';

/**
 * Model-based property test: random interleavings of writes and faults (one-shot and lasting:
 * persistent faults bound to a version, replicas that lag and restart, watch caches behind
 * storage), with both list semantics and every initial-list mode, against the fake API server
 * answering as each Kubernetes version it knows, then quiescence. `RXKUBE_SCHEDULES` sets how many schedules run on each version (`pnpm soak`: 10,000).
 */
const schedules = Number(process.env.RXKUBE_SCHEDULES ?? 200);
const pods = { version: 'v1', resource: 'pods' } as const;
const names = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

type Command =
  | { kind: 'create' | 'update' | 'delete' | 'recreate'; name: string }
  | { kind: 'endWatches' }
  | { kind: 'destroyMidLine' }
  | { kind: 'chunking'; seed: number }
  | { kind: 'stall' }
  | { kind: 'compact' }
  | { kind: 'burst'; status: 500 | 503 | 429; count: number; target: 'list' | 'watch' }
  | { kind: 'malformed' }
  | { kind: 'emptyWatch' }
  | { kind: 'persist'; fault: 'emptyWatch' | 'tooLargeWatch' | 'nonStatusError' | 'malformedLine' }
  | { kind: 'behindStorage' | 'storageWithoutWatchProgress' }
  | { kind: 'lag'; replica: number }
  | { kind: 'catchUp'; replica: number }
  | { kind: 'restartReplica'; replica: number }
  | { kind: 'pause'; turns: number };

const name = fc.constantFrom(...names);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constantFrom('create', 'update', 'delete', 'recreate'), name }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pause' as const),
      turns: fc.integer({ min: 1, max: 6 }),
    }),
  },
  fc.constant({ kind: 'endWatches' } as const),
  fc.constant({ kind: 'destroyMidLine' } as const),
  fc.record({ kind: fc.constant('chunking' as const), seed: fc.integer() }),
  fc.constant({ kind: 'stall' } as const),
  fc.constant({ kind: 'compact' } as const),
  fc.record({
    kind: fc.constant('burst' as const),
    status: fc.constantFrom(500 as const, 503 as const, 429 as const),
    count: fc.integer({ min: 1, max: 3 }),
    target: fc.constantFrom('list' as const, 'watch' as const),
  }),
  fc.constant({ kind: 'malformed' } as const),
  fc.constant({ kind: 'emptyWatch' } as const),
  // faults that last: bound to the version the client resumes from, on until quiescence
  fc.record({
    kind: fc.constant('persist' as const),
    fault: fc.constantFrom(
      'emptyWatch' as const,
      'tooLargeWatch' as const,
      'nonStatusError' as const,
      'malformedLine' as const,
    ),
  }),
  // watch caches that cannot reach etcd's revision (consistent streaming lists get 504)
  fc.constant({ kind: 'behindStorage' } as const),
  // etcd before 3.4.31 / 3.5.13: from 1.31 every streaming list is refused with an ERROR 500
  fc.constant({ kind: 'storageWithoutWatchProgress' } as const),
  // replicas whose watch caches lag, catch up and restart (with one replica: no-ops)
  fc.record({ kind: fc.constant('lag' as const), replica: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('catchUp' as const), replica: fc.integer({ min: 0, max: 1 }) }),
  fc.record({
    kind: fc.constant('restartReplica' as const),
    replica: fc.integer({ min: 0, max: 1 }),
  }),
);

/** A schedule on one Kubernetes version. */
const scenarioOn = (kubernetesVersion: KubernetesVersion) =>
  fc
    .record({
      commands: fc.array(command, { minLength: 1, maxLength: 30 }),
      opaqueVersions: fc.boolean(),
      watchExpiredAs: fc.constantFrom('event' as const, 'http' as const),
      pageSize: fc.constantFrom(1, 2, 500),
      initialList: fc.constantFrom('list' as const, 'stream' as const, 'auto' as const),
      kubernetesVersion: fc.constant(kubernetesVersion),
      // the version's own WatchList gate, or one set by hand
      streamingLists: fc.option(fc.boolean(), { nil: undefined }),
      listSemantic: fc.constantFrom('consistent' as const, 'any' as const),
      replicas: fc.constantFrom(1, 2),
    })
    // 'stream' requires a server with streaming lists; 'auto' is the mode for servers without
    .map((s) => (s.initialList === 'stream' && !gateOn(s) ? { ...s, streamingLists: true } : s));

/** Whether the server of a schedule serves streaming lists (its version's gate, unless set). */
function gateOn(s: { kubernetesVersion: string; streamingLists: boolean | undefined }): boolean {
  return s.streamingLists ?? (s.kubernetesVersion === '1.32' || s.kubernetesVersion === '1.34');
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `sub` is a subsequence of `all`. */
function isSubsequence(sub: readonly string[], all: readonly string[]): boolean {
  let i = 0;
  for (const x of all) if (i < sub.length && sub[i] === x) i++;
  return i === sub.length;
}

const ABSENT = '∅';

/** The replica at `index`, failing the schedule when the server has fewer. */
function replicaAt(server: FakeApiServer, index: number): FakeApiServer['replicas'][number] {
  const replica = server.replicas[index];
  assert(replica, `no replica ${index} among ${server.replicas.length}`);
  return replica;
}

describe('convergence under random writes and faults', () => {
  it.each(kubernetesVersions)(
    `on %s, converges to the server's objects, with a valid history per key (${schedules} schedules)`,
    async (kubernetesVersion) => {
      let passed = 0;
      await fc.assert(
        fc.asyncProperty(scenarioOn(kubernetesVersion), async (s) => {
          const server = await FakeApiServer.start({
            opaqueVersions: s.opaqueVersions,
            watchExpiredAs: s.watchExpiredAs,
            kubernetesVersion: s.kubernetesVersion,
            ...(s.streamingLists === undefined ? {} : { streamingLists: s.streamingLists }),
            bookmarkIntervalMs: 20,
            replicas: s.replicas,
            resourceVersionWaitMs: 50,
          });
          /** Every state each key had on the server, in order: resource versions, and ∅ for absent. */
          const history = new Map<string, string[]>(names.map((n) => [`ns/${n}`, [ABSENT]]));
          const record = (key: string, state: string) => history.get(key)!.push(state);
          let uid = 0;
          const write = (c: Extract<Command, { name: string }>) => {
            const key = `ns/${c.name}`;
            const current = server.get(pods, { namespace: 'ns', name: c.name });
            const fresh = () => {
              const created = server.create(pods, {
                apiVersion: 'v1',
                kind: 'Pod',
                metadata: { name: c.name, namespace: 'ns', labels: { gen: `${uid++}` } },
              });
              record(key, created.metadata.resourceVersion!);
            };
            if (c.kind === 'create' || (current === undefined && c.kind !== 'delete')) {
              if (current === undefined) fresh();
            } else if (c.kind === 'update' && current) {
              const updated = server.update(pods, {
                ...current,
                metadata: { ...current.metadata, labels: { gen: `${uid++}` } },
              });
              record(key, updated.metadata.resourceVersion!);
            } else if ((c.kind === 'delete' || c.kind === 'recreate') && current) {
              server.remove(pods, { namespace: 'ns', name: c.name });
              record(key, ABSENT);
              if (c.kind === 'recreate') fresh();
            }
          };
          // a few objects exist before the client starts
          for (const n of names.slice(0, 3)) write({ kind: 'create', name: n });

          const fetchClient = createFetchClient({ baseUrl: server.url });
          const zeroAfterShown: string[] = [];
          let shown = () => false;
          let zeroes = 0;
          const client: KubeClient = {
            transport: {
              request: (request) => {
                const lists = request.query?.watch === undefined || request.query.sendInitialEvents;
                if (lists && request.query?.resourceVersion === '0') {
                  zeroes++;
                  if (shown()) zeroAfterShown.push(JSON.stringify(request.query));
                }
                return fetchClient.transport.request(request);
              },
            },
          };
          const recorder = new StateRecorder(
            collectionUpdates$(
              client,
              { ...pods, namespace: 'ns' },
              {
                pageSize: s.pageSize,
                initialList: s.initialList,
                listSemantic: s.listSemantic,
                relistBackoff: { initialMs: 1, maxMs: 10 },
                idleTimeoutMs: 150,
                backoff: { initialMs: 1, maxMs: 10 },
              },
            ),
          );
          shown = () => recorder.synced.length > 0;
          let compactions = 0;
          let listFailures = 0;
          /** Faults that may end in a relist: lasting ones, restarts, and runs of one-shot watch failures. */
          let relistCauses = 0;
          let bursts = 0;
          const lagged = new Set<number>();
          try {
            for (const c of s.commands) {
              switch (c.kind) {
                case 'pause':
                  for (let i = 0; i < c.turns; i++) await turn();
                  break;
                case 'endWatches':
                  server.faults.endWatches();
                  break;
                case 'destroyMidLine':
                  server.faults.destroyWatches({ midLine: true });
                  break;
                case 'chunking':
                  server.faults.chunking({ random: true, seed: c.seed });
                  break;
                case 'stall':
                  server.faults.stallWatches();
                  break;
                case 'compact':
                  compactions++;
                  server.faults.compact();
                  break;
                case 'burst':
                  if (c.target === 'list') listFailures += c.count;
                  else if (c.status === 500) bursts++;
                  server.faults.failNext({
                    kind: c.target,
                    count: c.count,
                    status: c.status,
                    retryAfterSeconds: 0,
                  });
                  break;
                case 'malformed':
                  bursts++;
                  server.faults.malformedLine();
                  break;
                case 'emptyWatch':
                  relistCauses++;
                  server.faults.emptyWatches({ count: 1 });
                  break;
                case 'persist':
                  relistCauses++;
                  if (c.fault === 'malformedLine') {
                    server.faults.persist({
                      fault: 'malformedLine',
                      at: String(Number(server.resourceVersion) + 1),
                    });
                  } else {
                    server.faults.persist({ fault: c.fault, upTo: server.resourceVersion });
                  }
                  break;
                case 'behindStorage':
                  relistCauses++;
                  server.faults.persist({ fault: 'watchCacheBehindStorage' });
                  break;
                case 'storageWithoutWatchProgress':
                  relistCauses++;
                  server.faults.persist({ fault: 'storageWithoutWatchProgress' });
                  break;
                case 'lag':
                  if (c.replica < s.replicas) {
                    lagged.add(c.replica);
                    replicaAt(server, c.replica).lag();
                  }
                  break;
                case 'catchUp':
                  if (c.replica < s.replicas) replicaAt(server, c.replica).catchUp();
                  break;
                case 'restartReplica':
                  if (c.replica < s.replicas) {
                    relistCauses++;
                    replicaAt(server, c.replica).restart();
                  }
                  break;
                default:
                  write(c);
              }
            }
            // quiescence: faults off, a final write everyone must see
            server.faults.reset();
            // a replica that lagged catches up, as a slow apiserver's cache does (its watches go on)
            for (const replica of server.replicas) {
              if (lagged.has(replica.index)) replica.catchUp();
            }
            write({ kind: 'update', name: 'a' });
            const expected = () =>
              new Map(
                server
                  .objects(pods, 'ns')
                  .map((o) => [`ns/${o.metadata.name}`, o.metadata.resourceVersion]),
              );
            await recorder.until(() => {
              const last = recorder.synced.at(-1);
              if (!last) return false;
              const want = expected();
              return (
                last.items.size === want.size &&
                [...want].every(([k, v]) => last.items.get(k)?.metadata?.resourceVersion === v)
              );
            }, 15_000);

            const want = expected();
            const latest = recorder.latest;
            expect(
              new Map([...latest.items].map(([k, o]) => [k, o.metadata?.resourceVersion])),
            ).toEqual(want);
            expect(
              new Map([...recorder.replayed()].map(([k, o]) => [k, o.metadata?.resourceVersion])),
            ).toEqual(want);
            // client-go's contract: the states a key showed are a subsequence of the server's states
            const seen = new Map<string, string[]>(names.map((n) => [`ns/${n}`, [ABSENT]]));
            for (const u of recorder.synced) {
              for (const d of u.deltas) {
                seen
                  .get(d.key)!
                  .push(
                    d.type === 'deleted'
                      ? ABSENT
                      : ((d.object as KubeObject).metadata?.resourceVersion ?? ''),
                  );
              }
            }
            for (const [key, states] of seen) {
              expect(
                isSubsequence(states, history.get(key)!),
                `${key}: ${states} within ${history.get(key)}`,
              ).toBe(true);
            }
            // LISTs stay within what the faults justify
            expect(latest.stats.relists).toBeLessThanOrEqual(compactions + relistCauses + bursts);
            const fresh = server.requests.filter(
              (r) => r.kind === 'list' && r.query.continue === undefined,
            ).length;
            expect(fresh).toBeLessThanOrEqual(
              1 + 2 * (compactions + relistCauses + bursts) + listFailures + 1,
            );
            // only the very first list may ask for "0": never once anything was shown
            expect(zeroAfterShown).toEqual([]);
            if (s.listSemantic === 'consistent') expect(zeroes).toBe(0);
            passed++;
          } finally {
            recorder.stop();
            await server.close();
          }
        }),
        { numRuns: schedules, timeout: 30_000 },
      );
      console.log(
        `convergence on ${kubernetesVersion}: ${passed} of ${schedules} schedules converged`,
      );
      expect(passed).toBe(schedules);
    },
    600_000_000,
  );
});
