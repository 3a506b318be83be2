/**
 * One replica of a small controller, run as its own process by the conformance suite (two of
 * them share one Lease). It prints one JSON line per fact, with wall-clock times (both processes
 * run on one machine, so their times compare):
 *
 * - `{"type":"status","leading":true|false,"holder":…,"at":…}` on every leadership change;
 * - `{"type":"reconciled","key":…,"count":N,"at":…}` after each reconcile: it increments
 *   `data.count` of the ConfigMap `counter` with `updateWith$` and reports the value it wrote;
 * - `{"type":"incremented","count":N}` per increment in `increment` mode, then `{"type":"done"}`.
 *
 * Usage: `node dist/controller-replica.js <kubeconfig> <namespace> <identity> controller`
 *        `node dist/controller-replica.js <kubeconfig> <namespace> <identity> increment <n> <concurrency>`
 */
import {
  cachedCollection$,
  controller$,
  type KubeObject,
  leaderElection$,
  shareCollection,
  updateWith$,
  whileLeader,
} from '@rxkube/core';
import { createClient } from '@rxkube/node';
import { from, map, mergeMap, share } from 'rxjs';
import { replicaTimings } from './replica-timings.js';

interface ConfigMap extends KubeObject {
  readonly data?: Readonly<Record<string, string>>;
}

const [kubeconfig, namespace, identity, mode, n, concurrency] = process.argv.slice(2);
if (kubeconfig === undefined || namespace === undefined || identity === undefined) {
  process.stderr.write('usage: controller-replica <kubeconfig> <namespace> <identity> <mode>\n');
  process.exit(2);
}
const client = createClient({ kubeconfig, env: {} });
const configMaps = { version: 'v1', resource: 'configmaps', namespace };
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
const increment$ = () =>
  updateWith$<ConfigMap>(client, configMaps, 'counter', (current) => ({
    ...current,
    data: { ...current.data, count: String(Number(current.data?.count ?? '0') + 1) },
  })).pipe(map((written) => Number(written.data?.count)));

if (mode === 'increment') {
  from(Array.from({ length: Number(n) }))
    .pipe(mergeMap(() => increment$(), Number(concurrency)))
    .subscribe({
      next: (count) => print({ type: 'incremented', count }),
      complete: () => {
        print({ type: 'done' });
        void client.transport.close();
      },
    });
} else {
  const election$ = leaderElection$(client, {
    namespace,
    name: 'replicas',
    identity,
    ...replicaTimings,
  }).pipe(share());
  election$.subscribe((status) =>
    print({ type: 'status', leading: status.leading, holder: status.holder, at: Date.now() }),
  );
  const work$ = cachedCollection$<ConfigMap>(client, configMaps, {
    labelSelector: 'work=yes',
  }).pipe(shareCollection());
  controller$({
    primary: work$,
    reconcile: (key) =>
      increment$().pipe(
        map((count) => {
          print({ type: 'reconciled', key, count, at: Date.now() });
          // Keep working: run the key again soon, as long as this replica leads.
          return { requeueAfterMs: 50 };
        }),
      ),
  })
    .pipe(whileLeader(election$))
    .subscribe();
}
