import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { list$ } from '@rxkube/core';
import { firstValueFrom } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { objectWriter } from '../../src/object-writer.js';
import { overlappingRuns, type ReplicaRun } from '../../src/overlapping-runs.js';
import { waitUntil } from '../../src/wait-until.js';
import { cluster, configMaps, freshNamespace, kubeconfigClient } from './cluster.js';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const tsc = fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url));
const replicaScript = fileURLToPath(new URL('../../dist/shard-replica.js', import.meta.url));
const OBJECTS = 300;
const timings = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 };
/** Besides the protocol's own waits: requests to a real server, process start-up, a busy machine. */
const SLACK_MS = 2_000;

type Line =
  | { type: 'view'; settled: boolean; members: string[]; owned: string[]; at: number }
  | ({ type: 'run' } & Omit<ReplicaRun, 'replica'>)
  | { type: 'stopped'; at: number };

interface Replica {
  readonly identity: string;
  readonly child: ChildProcess;
  readonly lines: Line[];
  exited?: Promise<void>;
}

function startReplica(kubeconfig: string, namespace: string, identity: string): Replica {
  const child = spawn(
    process.execPath,
    [
      replicaScript,
      kubeconfig,
      namespace,
      identity,
      // Each key every second: 150 keys a second per replica, below the 200 that concurrency 4
      // at 20 ms allows, so a queue never holds the keys a replica gains back.
      JSON.stringify({ ...timings, concurrency: 4, reconcileMs: 20, requeueAfterMs: 1_000 }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const replica: Replica = { identity, child, lines: [] };
  createInterface({ input: child.stdout! }).on('line', (line) =>
    replica.lines.push(JSON.parse(line) as Line),
  );
  replica.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  return replica;
}

const views = (r: Replica) =>
  r.lines.filter((l): l is Extract<Line, { type: 'view' }> => l.type === 'view');
const runs = (r: Replica) =>
  r.lines.filter((l): l is Extract<Line, { type: 'run' }> => l.type === 'run');
const latest = (r: Replica) => views(r).at(-1);

describe('sharded controller processes against kube-apiserver', () => {
  const c = cluster();

  beforeAll(async () => {
    // The replicas run the compiled packages, as a deployed controller would.
    await promisify(execFile)(process.execPath, [tsc, '-b', packageDir]);
  }, 300_000);

  it('three processes share the keys; kill -9 hands over in time, a join moves few keys, SIGTERM leaves gracefully, no key ever runs in two processes at once', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'shards');
    const writer = objectWriter(client);
    for (let i = 0; i < OBJECTS; i += 30) {
      await Promise.all(
        Array.from({ length: Math.min(30, OBJECTS - i) }, (_, j) =>
          writer.create(configMaps(namespace), {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: `work-${i + j}`, labels: { work: 'yes' } },
          }),
        ),
      );
    }
    const keys = Array.from({ length: OBJECTS }, (_, i) => `${namespace}/work-${i}`);
    const replicas: Replica[] = [];
    const start = (identity: string) => {
      const r = startReplica(c.env.kubeconfig, namespace, identity);
      replicas.push(r);
      return r;
    };
    /** Every given replica settled on exactly these members, their owned keys a partition. */
    const settledOn = (group: readonly Replica[], what: string) =>
      waitUntil(
        () => {
          const members = group.map((r) => r.identity).sort();
          const all = group.map(latest);
          if (
            !all.every((v) => v?.settled && JSON.stringify(v.members) === JSON.stringify(members))
          )
            return false;
          const owned = all.flatMap((v) => v?.owned ?? []);
          return owned.length === OBJECTS && new Set(owned).size === OBJECTS;
        },
        { what, timeoutMs: 30_000 },
      );
    const ownerOf = (group: readonly Replica[]) => {
      const owners = new Map<string, string>();
      for (const r of group) for (const key of latest(r)?.owned ?? []) owners.set(key, r.identity);
      return owners;
    };
    const figures: string[] = [];
    const progress = (line: string) => process.stderr.write(`[shards] ${line}\n`);
    try {
      const [a, b, x] = ['a', 'b', 'x'].map(start) as [Replica, Replica, Replica];
      await settledOn([a, b, x], 'three replicas settled on one view');
      progress('three replicas settled');
      for (const r of [a, b, x]) {
        const share = (latest(r)?.owned.length ?? 0) / OBJECTS;
        expect(share).toBeGreaterThanOrEqual((1 / 3) * 0.7);
        expect(share).toBeLessThanOrEqual((1 / 3) * 1.3);
      }
      // Every key is being reconciled.
      const since = Date.now();
      await waitUntil(
        () =>
          keys.every((key) =>
            replicas.some((r) => runs(r).some((l) => l.key === key && l.from > since)),
          ),
        { what: 'every key reconciled' },
      );

      // kill -9 of x: a and b reconcile its keys within leaseDurationMs + retryPeriodMs + 2 s.
      const orphaned = latest(x)?.owned ?? [];
      const killedAt = performance.timeOrigin + performance.now();
      x.child.kill('SIGKILL');
      await x.exited;
      await waitUntil(
        () =>
          orphaned.every((key) =>
            [a, b].some((r) => runs(r).some((l) => l.key === key && l.from > killedAt)),
          ),
        { what: "x's keys reconciled by a and b", timeoutMs: 30_000 },
      );
      const handOver =
        Math.max(
          ...orphaned.map((key) =>
            Math.min(
              ...[a, b].flatMap((r) =>
                runs(r)
                  .filter((l) => l.key === key && l.from > killedAt)
                  .map((l) => l.from),
              ),
            ),
          ),
        ) - killedAt;
      figures.push(
        `hand-over after kill -9: ${Math.round(handOver)} ms for ${orphaned.length} keys`,
      );
      expect(handOver).toBeLessThanOrEqual(
        timings.leaseDurationMs + timings.retryPeriodMs + SLACK_MS,
      );
      await settledOn([a, b], 'a and b settled without x');
      progress(figures.at(-1) ?? '');

      // A join: c takes about a third, moving at most 1.5/N of the keys, all to it.
      const before = ownerOf([a, b]);
      const joiner = start('c');
      await settledOn([a, b, joiner], 'a, b and c settled');
      progress('c joined');
      const after = ownerOf([a, b, joiner]);
      const moved = keys.filter((key) => after.get(key) !== before.get(key));
      figures.push(
        `a join moved ${moved.length} of ${OBJECTS} keys (${((100 * moved.length) / OBJECTS).toFixed(1)} %)`,
      );
      expect(moved.every((key) => after.get(key) === 'c')).toBe(true);
      expect(moved.length / OBJECTS).toBeLessThanOrEqual(1.5 / 3);
      const firstSettled = views(joiner).find((v) => v.settled)?.at ?? Number.NaN;
      const firstRun = (await waitUntil(() => runs(joiner)[0], { what: 'a run of c' })).from;
      figures.push(
        `the joiner worked ${Math.round(firstRun - firstSettled)} ms after its first settled view`,
      );
      expect(firstRun - firstSettled).toBeLessThanOrEqual(3 * timings.retryPeriodMs + SLACK_MS);

      // SIGTERM of b: it finishes its runs, deletes its Lease, and a and c take its keys at once.
      const left = latest(b)?.owned ?? [];
      const termAt = performance.timeOrigin + performance.now();
      b.child.kill('SIGTERM');
      await b.exited;
      const stoppedAt = b.lines.find((l) => l.type === 'stopped')?.at;
      expect(stoppedAt).toBeDefined();
      // The runs under way at SIGTERM finished; none was aborted.
      expect(runs(b).filter((l) => l.aborted && l.to >= termAt)).toEqual([]);
      await waitUntil(
        () =>
          left.every((key) =>
            [a, joiner].some((r) =>
              runs(r).some((l) => l.key === key && l.from > (stoppedAt ?? 0)),
            ),
          ),
        { what: "b's keys taken by a and c" },
      );
      const takenAfter =
        Math.max(
          ...left.map((key) =>
            Math.min(
              ...[a, joiner].flatMap((r) =>
                runs(r)
                  .filter((l) => l.key === key && l.from > (stoppedAt ?? 0))
                  .map((l) => l.from),
              ),
            ),
          ),
        ) - (stoppedAt ?? 0);
      figures.push(`after SIGTERM, b's keys were taken within ${Math.round(takenAfter)} ms`);
      expect(takenAfter).toBeLessThanOrEqual(timings.retryPeriodMs + SLACK_MS);
      const leases = await firstValueFrom(
        list$(client, {
          group: 'coordination.k8s.io',
          version: 'v1',
          resource: 'leases',
          namespace,
        }),
      );
      expect(
        leases.items
          .map((l) => (l as { spec?: { holderIdentity?: string } }).spec?.holderIdentity)
          .sort(),
      ).toEqual(['a', 'c']);
    } finally {
      for (const r of replicas) r.child.kill('SIGKILL');
      await Promise.all(replicas.map((r) => r.exited));
    }

    // Over the whole run, in every process: no key reconciled by two processes at once.
    const all = replicas.flatMap((r) => runs(r).map((l) => ({ ...l, replica: r.identity })));
    const overlapping = overlappingRuns(all);
    figures.push(
      `${all.length} reconciles in ${replicas.length} processes, ${overlapping.length} overlapping`,
    );
    process.stderr.write(`${figures.join('\n')}\n`);
    expect(overlapping).toEqual([]);
  }, 300_000);
});
