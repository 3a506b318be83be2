import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { create$, delete$, list$ } from '@rxkube/core';
import { createClient } from '@rxkube/node';
import { firstValueFrom, from, lastValueFrom, mergeMap, toArray } from 'rxjs';
import { realCluster } from '../real-cluster.js';

/**
 * `pnpm --filter @rxkube/bench bench:shard`: a sharded controller on a real kube-apiserver, as
 * separate processes (`@rxkube/conformance`'s shard-replica): 3,000 ConfigMaps, a reconcile that
 * awaits 20 ms of I/O, concurrency 4 per replica, every key run again as soon as it is done. Per
 * round: one replica, a second joins, a third joins, then one is killed with `kill -9`; for 1, 2
 * and 3 replicas the throughput (reconciles a second over a steady window, once all are settled
 * on one view), the keys each join moved, and the hand-over after the kill (until every key of
 * the killed replica was reconciled by another). Over every round, all reconciles of all
 * processes are checked for overlap: two processes running one key at once. A benchmark, never a
 * test: the figures go to docs/benchmarks.md by hand.
 *
 *   --rounds=N       rounds (default 3)
 *   --objects=N      ConfigMaps (default 3000)
 *   --window=S       seconds of steady work measured per replica count (default 10)
 *   --apiserver=MODE `auto` (default): the cluster of `RXKUBE_RUN_DIR` when one runs there, else
 *                    one started with scripts/kube-apiserver/start.sh (and stopped); `skip`
 */

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    objects: { type: 'string', default: '3000' },
    window: { type: 'string', default: '10' },
    apiserver: { type: 'string', default: 'auto' },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const OBJECTS = Math.max(1, Number(values.objects));
const WINDOW_MS = Math.max(1, Number(values.window)) * 1000;
const REPLICA = {
  concurrency: 4,
  reconcileMs: 20,
  requeueAfterMs: 0,
  leaseDurationMs: 3_000,
  renewDeadlineMs: 2_000,
  retryPeriodMs: 500,
};
const replicaScript = createRequire(import.meta.url).resolve('@rxkube/conformance/shard-replica');

type Line =
  | { type: 'view'; settled: boolean; members: string[]; owned: string[]; at: number }
  | { type: 'run'; key: string; from: number; to: number; aborted: boolean }
  | { type: 'stopped'; at: number };

interface Replica {
  readonly identity: string;
  readonly child: ChildProcess;
  readonly runs: { key: string; from: number; to: number; aborted: boolean }[];
  /** Each view, without its key list (the latest keeps it). */
  readonly views: { at: number; owned: ReadonlySet<string> }[];
  latest?: Extract<Line, { type: 'view' }>;
  readonly exited: Promise<void>;
}

const now = () => performance.timeOrigin + performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);

function startReplica(kubeconfig: string, namespace: string, identity: string): Replica {
  const child = spawn(
    process.execPath,
    [replicaScript, kubeconfig, namespace, identity, JSON.stringify(REPLICA)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const replica: Replica = { identity, child, runs: [], views: [], exited };
  const output = child.stdout;
  if (output === null) throw new Error('the replica has no standard output');
  createInterface({ input: output }).on('line', (text) => {
    const line = JSON.parse(text) as Line;
    if (line.type === 'run') replica.runs.push(line);
    else if (line.type === 'view') {
      replica.latest = line;
      replica.views.push({ at: line.at, owned: new Set(line.owned) });
    }
  });
  return replica;
}

async function until(condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every replica settled on exactly these members, and their owned keys a partition of all. */
function settled(group: readonly Replica[]): boolean {
  const members = JSON.stringify(group.map((r) => r.identity).sort());
  let owned = 0;
  const seen = new Set<string>();
  for (const r of group) {
    const view = r.latest;
    if (!view?.settled || JSON.stringify(view.members) !== members) return false;
    owned += view.owned.length;
    for (const key of view.owned) seen.add(key);
  }
  return owned === OBJECTS && seen.size === OBJECTS;
}

const owners = (group: readonly Replica[]) => {
  const map = new Map<string, string>();
  for (const r of group) for (const key of r.latest?.owned ?? []) map.set(key, r.identity);
  return map;
};

/** Completed reconciles of the group that started and ended inside [from, to), per second. */
function throughput(group: readonly Replica[], from: number, to: number): number {
  let done = 0;
  for (const r of group)
    for (const run of r.runs) if (!run.aborted && run.from >= from && run.to < to) done++;
  return (done * 1000) / (to - from);
}

/** Pairs of reconciles of one key by two processes at once. */
function overlaps(all: readonly Replica[]): number {
  const byKey = new Map<string, { replica: string; from: number; to: number }[]>();
  for (const r of all) {
    for (const run of r.runs) {
      const list = byKey.get(run.key) ?? [];
      list.push({ replica: r.identity, from: run.from, to: run.to });
      byKey.set(run.key, list);
    }
  }
  let found = 0;
  for (const list of byKey.values()) {
    list.sort((p, q) => p.from - q.from);
    let reach: (typeof list)[number] | undefined;
    for (const run of list) {
      if (reach !== undefined && run.replica !== reach.replica && run.from < reach.to) found++;
      if (reach === undefined || run.to > reach.to) reach = run;
    }
  }
  return found;
}

interface Round {
  readonly throughput: [number, number, number];
  readonly moved: [number, number];
  /** Until the others' views owned every key of the killed replica (the protocol). */
  readonly ownedMs: number;
  /** Until the first of its keys was reconciled by another. */
  readonly firstRunMs: number;
  /** Until every one of its keys was (behind the keys already queued). */
  readonly handOverMs: number;
  readonly reconciles: number;
  readonly overlaps: number;
}

async function round(kubeconfig: string, namespace: string, index: number): Promise<Round> {
  const replicas: Replica[] = [];
  const start = (name: string) => {
    const r = startReplica(kubeconfig, namespace, `${name}-${index}`);
    replicas.push(r);
    return r;
  };
  const steady = async (group: readonly Replica[]) => {
    await until(() => settled(group), `${group.length} replicas settled`);
    // Let the queues fill and drain once at the new size, then measure.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const from = now();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    return throughput(group, from, now());
  };
  try {
    const a = start('a');
    const one = await steady([a]);
    log(`  round ${index + 1}: 1 replica ${one.toFixed(0)}/s`);
    const before2 = owners([a]);
    const b = start('b');
    const two = await steady([a, b]);
    const after2 = owners([a, b]);
    const moved2 = [...after2].filter(([key, owner]) => before2.get(key) !== owner).length;
    log(`  round ${index + 1}: 2 replicas ${two.toFixed(0)}/s, the join moved ${moved2} keys`);
    const c = start('c');
    const three = await steady([a, b, c]);
    const after3 = owners([a, b, c]);
    const moved3 = [...after3].filter(([key, owner]) => after2.get(key) !== owner).length;
    log(`  round ${index + 1}: 3 replicas ${three.toFixed(0)}/s, the join moved ${moved3} keys`);
    // kill -9 of c: until each of its keys has been reconciled by a or b.
    const orphaned = c.latest?.owned ?? [];
    const killedAt = now();
    c.child.kill('SIGKILL');
    await c.exited;
    const firstRunAfter = (key: string) => {
      let first = Number.POSITIVE_INFINITY;
      for (const r of [a, b])
        for (const run of r.runs)
          if (run.key === key && run.from > killedAt) first = Math.min(first, run.from);
      return first;
    };
    await until(
      () => orphaned.every((key) => Number.isFinite(firstRunAfter(key))),
      "the killed replica's keys reconciled",
    );
    const handOverMs = Math.max(...orphaned.map(firstRunAfter)) - killedAt;
    const firstRunMs = Math.min(...orphaned.map(firstRunAfter)) - killedAt;
    const ownedAfter = (key: string) => {
      let first = Number.POSITIVE_INFINITY;
      for (const r of [a, b])
        for (const view of r.views)
          if (view.at > killedAt && view.owned.has(key)) first = Math.min(first, view.at);
      return first;
    };
    const ownedMs = Math.max(...orphaned.map(ownedAfter)) - killedAt;
    log(
      `  round ${index + 1}: after kill -9 its ${orphaned.length} keys owned by the others in ${ownedMs.toFixed(0)} ms, the first reconciled after ${firstRunMs.toFixed(0)} ms, all after ${handOverMs.toFixed(0)} ms`,
    );
    await until(() => settled([a, b]), 'two replicas settled after the kill');
    for (const r of [a, b]) r.child.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);
    return {
      throughput: [one, two, three],
      moved: [moved2 / OBJECTS, moved3 / OBJECTS],
      ownedMs,
      firstRunMs,
      handOverMs,
      reconciles: replicas.reduce((n, r) => n + r.runs.length, 0),
      overlaps: overlaps(replicas),
    };
  } finally {
    for (const r of replicas) r.child.kill('SIGKILL');
    await Promise.all(replicas.map((r) => r.exited));
  }
}

const cluster = await realCluster(values.apiserver);
if (typeof cluster === 'string') {
  console.log(`sharding on a real kube-apiserver: ${cluster}`);
  process.exit(0);
}
const client = createClient({ kubeconfig: cluster.kubeconfig });
const namespace = `shard-bench-${process.pid}`;
try {
  await firstValueFrom(
    create$(client, { version: 'v1', resource: 'namespaces' }, { metadata: { name: namespace } }),
  );
  const configMaps = { version: 'v1', resource: 'configmaps', namespace };
  await lastValueFrom(
    from(Array.from({ length: OBJECTS }, (_, i) => i)).pipe(
      mergeMap(
        (i) =>
          create$(client, configMaps, {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: `work-${i}`, labels: { work: 'yes' } },
            data: { index: String(i) },
          }),
        32,
      ),
      toArray(),
    ),
  );
  log(`${OBJECTS} ConfigMaps in ${namespace}; ${ROUNDS} rounds of ${WINDOW_MS / 1000} s windows`);
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    rounds.push(await round(cluster.kubeconfig, namespace, i));
    // The next round starts from a group without members: the killed replica's Lease goes.
    const leases = await firstValueFrom(
      list$(client, { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace }),
    );
    for (const lease of leases.items) {
      await firstValueFrom(
        delete$(
          client,
          { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace },
          lease.metadata?.name ?? '',
        ),
      ).catch(() => undefined);
    }
  }
  const median = (xs: number[]) =>
    [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const range = (xs: number[], digits = 0) =>
    `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
  const perCount = [0, 1, 2].map((n) => rounds.map((r) => r.throughput[n] ?? Number.NaN));
  const ratio = (n: number) =>
    rounds.map((r) => (r.throughput[n] ?? Number.NaN) / (r.throughput[0] ?? Number.NaN));
  console.log(
    `\nSharding on kube-apiserver 1.20: ${OBJECTS} objects, reconcile awaiting ${REPLICA.reconcileMs} ms, concurrency ${REPLICA.concurrency} per replica, ${ROUNDS} rounds (median, range)\n`,
  );
  console.log('| replicas | reconciles/s | × one replica |');
  console.log('| --- | --- | --- |');
  for (let n = 0; n < 3; n++) {
    const values_ = perCount[n] ?? [];
    const ratios = ratio(n);
    console.log(
      `| ${n + 1} | ${median(values_).toFixed(0)} (${range(values_)}) | ${median(ratios).toFixed(2)} (${range(ratios, 2)}) |`,
    );
  }
  const moved2 = rounds.map((r) => r.moved[0] * 100);
  const moved3 = rounds.map((r) => r.moved[1] * 100);
  const handOvers = rounds.map((r) => r.handOverMs);
  const owned = rounds.map((r) => r.ownedMs);
  const firsts = rounds.map((r) => r.firstRunMs);
  console.log(
    `\nkeys moved by a join: 1 → 2 replicas ${median(moved2).toFixed(1)} % (${range(moved2, 1)}; bound 75 %), 2 → 3 ${median(moved3).toFixed(1)} % (${range(moved3, 1)}; bound 50 %)`,
  );
  console.log(
    `hand-over after kill -9 (lease ${REPLICA.leaseDurationMs} ms, retry ${REPLICA.retryPeriodMs} ms; bound ${REPLICA.leaseDurationMs + REPLICA.retryPeriodMs + 2000} ms): its keys owned by the others after ${median(owned).toFixed(0)} ms (${range(owned)}), the first reconciled after ${median(firsts).toFixed(0)} ms (${range(firsts)}), all after ${median(handOvers).toFixed(0)} ms (${range(handOvers)}: behind the keys already queued)`,
  );
  const reconciles = rounds.reduce((n, r) => n + r.reconciles, 0);
  const overlapping = rounds.reduce((n, r) => n + r.overlaps, 0);
  console.log(
    `overlap check: ${reconciles} reconciles in ${ROUNDS * 3} processes over ${ROUNDS} rounds, ${overlapping} of one key in two processes at once`,
  );
  if (overlapping > 0) process.exitCode = 1;
} finally {
  await firstValueFrom(delete$(client, { version: 'v1', resource: 'namespaces' }, namespace)).catch(
    () => undefined,
  );
  await client.transport.destroy();
  cluster.stop?.();
}
