/**
 * One replica of a sharded controller, run as its own process by the conformance suite and the
 * sharding benchmark: `shardMembership$` and `controller$` over the ConfigMaps labelled
 * `work=yes` of one namespace. Each reconcile awaits `reconcileMs` (I/O, honouring its signal).
 * It prints one JSON line per fact, with wall-clock times in fractional milliseconds
 * (`performance.timeOrigin + performance.now()`: processes on one machine compare):
 *
 * - `{"type":"view","settled":…,"members":[…],"owned":[keys],"at":…}` on every view change
 *   (`owned`: the keys of the collection it owns then);
 * - `{"type":"run","key":…,"from":…,"to":…,"aborted":…}` after each reconcile has ended;
 * - `{"type":"stopped","at":…}` after a graceful stop (SIGTERM), just before it exits.
 *
 * Usage: `node dist/shard-replica.js <kubeconfig> <namespace> <identity> [options JSON]`, options
 * `{ concurrency, reconcileMs, requeueAfterMs, leaseDurationMs, renewDeadlineMs, retryPeriodMs }`.
 */
import {
  cachedCollection$,
  controller$,
  dropManagedFields,
  type ShardView,
  shardMembership$,
  shareCollection,
} from '@rxkube/core';
import { createClient } from '@rxkube/node';
import { share } from 'rxjs';

/** What the replica runs with; every field has a default. */
interface ShardReplicaOptions {
  readonly concurrency?: number;
  readonly reconcileMs?: number;
  /** Run each key again this long after its run (continuous work); absent: once per change. */
  readonly requeueAfterMs?: number;
  readonly leaseDurationMs?: number;
  readonly renewDeadlineMs?: number;
  readonly retryPeriodMs?: number;
}

const [kubeconfig, namespace, identity, json] = process.argv.slice(2);
if (kubeconfig === undefined || namespace === undefined || identity === undefined) {
  process.stderr.write('usage: shard-replica <kubeconfig> <namespace> <identity> [options JSON]\n');
  process.exit(2);
}
const options = JSON.parse(json ?? '{}') as ShardReplicaOptions;
const now = () => performance.timeOrigin + performance.now();
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const client = createClient({ kubeconfig, env: {} });
const stop = new AbortController();
const leave = new AbortController();
const shard = shardMembership$(client, {
  namespace,
  group: 'shard-replicas',
  identity,
  leaseDurationMs: options.leaseDurationMs ?? 3_000,
  renewDeadlineMs: options.renewDeadlineMs ?? 2_000,
  retryPeriodMs: options.retryPeriodMs ?? 500,
  releaseOnCancel: true,
  signal: leave.signal,
}).pipe(share());
const work$ = cachedCollection$(
  client,
  { version: 'v1', resource: 'configmaps', namespace },
  { labelSelector: 'work=yes', transform: dropManagedFields },
).pipe(shareCollection());

// A view line on every view, and again when the set of keys changes (the first list arriving
// after the view settled), so `owned` is always the keys of the collection it owns now.
let keys: readonly string[] = [];
let latest: ShardView | undefined;
const printView = () => {
  if (latest === undefined) return;
  const view = latest;
  print({
    type: 'view',
    settled: view.settled,
    members: view.members,
    owned: keys.filter((key) => view.settled && view.owns(key)),
    at: now(),
  });
};
work$.subscribe((state) => {
  const next = [...state.items.keys()];
  const changed = next.length !== keys.length || next.some((key, i) => key !== keys[i]);
  keys = next;
  if (changed) printView();
});
shard.subscribe((view) => {
  latest = view;
  printView();
});

const reconcileMs = options.reconcileMs ?? 20;
const done = controller$({
  primary: work$,
  shard,
  concurrency: options.concurrency ?? 4,
  signal: stop.signal,
  reconcile: async (key, _object, { signal }) => {
    const from = now();
    let aborted = false;
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, reconcileMs);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            aborted = true;
            reject(new Error('aborted'));
          },
          { once: true },
        );
      });
    } finally {
      print({ type: 'run', key, from, to: now(), aborted });
    }
    return options.requeueAfterMs === undefined
      ? undefined
      : { requeueAfterMs: options.requeueAfterMs };
  },
}).subscribe({
  complete: () => {
    // Graceful: the running reconciles have finished; now leave the group (delete the Lease).
    leave.abort();
  },
});

shard.subscribe({
  complete: () => {
    print({ type: 'stopped', at: now() });
    done.unsubscribe();
    // The watch is still open: close the connections without waiting for it to end.
    void client.transport.destroy().then(() => process.exit(0));
  },
});
process.once('SIGTERM', () => stop.abort());
