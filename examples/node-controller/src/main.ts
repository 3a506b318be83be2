#!/usr/bin/env node
import { hostname } from 'node:os';
import type { CollectionHealth, KubeClient } from '@rxkube/core';
import { TransportError } from '@rxkube/core/errors';
import {
  connectExample,
  connectionHelp,
  logLine as log,
  messageOf,
  readExampleArgs,
  stopOnSignal,
} from '@rxkube/example-shared';
import type { createClient } from '@rxkube/node';
import { lastValueFrom, type Subscription, timer } from 'rxjs';
import type { ControllerEvent } from './controller-event.js';
import { crashLoopController$ } from './crash-loop-controller.js';
import { startEmbeddedCluster } from './embedded-cluster.js';
import { parseControllerArgs } from './parse-controller-args.js';
import { replica$ } from './replica.js';
import { replicaDefaults } from './replica-defaults.js';
import { serveMetrics } from './serve-metrics.js';

const HELP = `Keeps a crash-loop annotation on pods, with leader election between replicas.

  pnpm --filter @rxkube/example-node-controller start [-- options]

${connectionHelp(30, 'two replicas: the leader crashes after 6 s, the other takes over')}  --act                       on a real cluster: annotate pods, record Events, elect a leader
  --shards                    every replica acts on its share of the pods (shardMembership$)
                              instead of one leader; embedded: three replicas, one crashes
  --replicas <n>              replicas in this process, one Lease (embedded 2, shards 3, real 1)
  --crash-leader-after <s>    the leader (with --shards: the last replica) crashes then,
                              without releasing (embedded 6; 0: never)
  --metrics-port <port>       serve the metrics as Prometheus text on http://127.0.0.1:<port>/metrics
                              (0: any free port)
  --lease-namespace <ns>      namespace of the Lease (default: the namespace, else default)
  --duration <seconds>        stop after that long
`;

const args = readExampleArgs(() => parseControllerArgs(process.argv.slice(2), process.env), HELP);
const { cluster, connect, namespace } = await connectExample(args, {
  startEmbedded: () => startEmbeddedCluster(),
  realNote: args.act ? '' : ' (read-only: pass --act to annotate pods and record Events)',
});
const defaults = args.mode === 'embedded' ? replicaDefaults.embedded : undefined;
const shards = args.shards === true;
const leaseNamespace = args.leaseNamespace ?? namespace ?? 'default';
const replicaCount =
  args.replicas ??
  (shards && defaults !== undefined ? replicaDefaults.shards.replicas : defaults?.replicas) ??
  replicaDefaults.real.replicas;
const crashAfterMs =
  replicaCount > 1 ? (args.crashLeaderAfterMs ?? defaults?.crashLeaderAfterMs ?? 0) : 0;
const counts = { entered: 0, recovered: 0, acted: 0, failed: 0, handOvers: 0 };
// Before any replica starts: rxkube's metrics go to the MeterProvider registered now.
const metrics = args.metricsPort === undefined ? undefined : await serveMetrics(args.metricsPort);
if (metrics !== undefined) log(`metrics as Prometheus text at ${metrics.url}`);

/** One replica: its own connections, a transport that a simulated crash cuts, its state. */
interface Running {
  readonly name: string;
  readonly client: ReturnType<typeof createClient>;
  /** Stop taking pods; the running reconciles finish. */
  readonly drain: AbortController;
  /** Stop leading or leave the group, releasing the Lease. */
  readonly stop: AbortController;
  done: Promise<void>;
  /** Resolves once it has stopped taking pods and its running reconciles have ended. */
  drained: Promise<void>;
  markDrained: () => void;
  subscription?: Subscription;
  crashed: boolean;
  leading: boolean;
  reconciles: number;
}
const replicas: Running[] = [];
for (let i = 0; i < replicaCount; i++) {
  const name = replicaCount > 1 ? `r${i}` : '';
  const client = connect();
  let markDrained = () => {};
  const running: Running = {
    name,
    client,
    drain: new AbortController(),
    stop: new AbortController(),
    done: Promise.resolve(),
    drained: new Promise<void>((resolve) => (markDrained = resolve)),
    markDrained: () => markDrained(),
    crashed: false,
    leading: false,
    reconciles: 0,
  };
  // A crash: every request fails from now on, so the replica can neither renew nor release.
  const crashable: KubeClient = {
    ...(client.namespace === undefined ? {} : { namespace: client.namespace }),
    transport: {
      request: (request) =>
        running.crashed
          ? Promise.reject(new TransportError(`replica ${name} crashed`))
          : client.transport.request(request),
    },
  };
  const events$ = args.act
    ? replica$(crashable, {
        identity: `${hostname()}-${process.pid}${name ? `-${name}` : ''}`,
        leaseNamespace,
        shards,
        ...(defaults === undefined ? {} : { timings: defaults.timings }),
        drain: running.drain.signal,
        signal: running.stop.signal,
        controller: {
          act: true,
          host: hostname(),
          ...(namespace === undefined ? {} : { namespace }),
        },
      })
    : // Read-only: nothing is written, so there is nothing to elect a leader for.
      crashLoopController$(crashable, {
        ...(namespace === undefined ? {} : { namespace }),
        stop: running.drain.signal,
      });
  running.done = new Promise<void>((resolve) => {
    running.subscription = events$.subscribe({
      next: (event) => report(running, event),
      error: (error: unknown) => {
        log(`${prefix(running)}failed: ${messageOf(error)}`);
        resolve();
      },
      complete: resolve,
    });
  });
  void running.done.then(running.markDrained);
  replicas.push(running);
}

const crash =
  crashAfterMs > 0 && args.act
    ? timer(crashAfterMs).subscribe(() => {
        const victim = shards
          ? replicas.filter((r) => !r.crashed).at(-1)
          : replicas.find((r) => r.leading && !r.crashed);
        if (victim === undefined) return;
        victim.crashed = true;
        log(`${prefix(victim)}crashed: it stops renewing without releasing its Lease`);
      })
    : undefined;
const stopAfter = stopOnSignal(args.durationMs, shutdown);

function prefix(replica: Running): string {
  return replica.name ? `[${replica.name}] ` : '';
}

/** Every reconcile's interval per pod, in this process: two replicas on one pod at once would show. */
const intervals = new Map<string, { replica: string; from: number; to: number }[]>();

function report(replica: Running, event: ControllerEvent): void {
  const p = prefix(replica);
  switch (event.type) {
    case 'shard':
      log(
        event.settled
          ? `${p}owns ${event.owned} of ${event.pods} pods (members ${event.members.join(', ')})`
          : `${p}owns nothing: not settled${event.members.length > 0 ? '' : ' yet'}`,
      );
      break;
    case 'reconciled': {
      replica.reconciles++;
      const list = intervals.get(event.key) ?? [];
      list.push({ replica: replica.name, from: event.startedAt, to: event.endedAt });
      intervals.set(event.key, list);
      break;
    }
    case 'stopped':
      replica.markDrained();
      log(`${p}stopped taking pods; its running reconciles have ended`);
      break;
    case 'leadership':
      if (event.leading && !replica.leading && replicas.some((r) => r.crashed)) counts.handOvers++;
      replica.leading = event.leading;
      // Not leading: nothing runs here, so there is nothing to drain.
      if (!event.leading && replica.drain.signal.aborted) replica.markDrained();
      log(
        `${p}${event.leading ? 'leading' : `following ${event.holder ?? '(no leader yet)'}`}${event.error ? ` (${messageOf(event.error)})` : ''}`,
      );
      break;
    case 'synced':
      log(
        `${p}synced: ${event.pods} pods in ${namespace ?? 'all namespaces'}, ${event.crashLooping} crash-looping`,
      );
      break;
    case 'health':
      log(
        `${p}health: ${describeHealth(event.health)} (${event.stats.relists} relists, ${event.stats.reconnects} reconnects)`,
      );
      break;
    case 'entered':
      counts.entered++;
      log(
        `${p}CrashLoopBackOff: ${event.key} (container ${event.containers.join(', ')}, restarts: ${event.restarts})`,
      );
      break;
    case 'recovered':
      counts.recovered++;
      log(`${p}recovered: ${event.key}`);
      break;
    case 'acted':
      counts.acted++;
      log(`${p}${event.outcome} on ${event.key}, Event recorded`);
      break;
    case 'action-failed':
      counts.failed++;
      log(`${p}could not update ${event.key} (retried with backoff): ${messageOf(event.error)}`);
      break;
  }
}

function describeHealth(health: CollectionHealth): string {
  switch (health.status) {
    case 'reconnecting':
      return `reconnecting, attempt ${health.attempt} in ${Math.round(health.delayMs)} ms`;
    case 'relisting':
      return `relisting${health.error ? ` after ${health.error.reason}` : ''}`;
    default:
      return health.status;
  }
}

let stopping = false;
/**
 * A graceful stop: (1) stop taking pods and let the running reconciles finish, for at most
 * `drainMs`; (2) stop leading or leave the group, which releases the Lease(s) so another replica
 * takes over at once (and aborts whatever still runs), for at most `releaseMs`; (3) close.
 */
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  crash?.unsubscribe();
  stopAfter?.unsubscribe();
  const within = (ms: number, work: Promise<unknown>) =>
    Promise.race([work, lastValueFrom(timer(ms))]);
  log('stopping: no new pods; running reconciles may finish');
  for (const replica of replicas) {
    replica.drain.abort();
    if (args.act && !shards && !replica.leading) replica.markDrained();
  }
  await within(
    replicaDefaults.drainMs,
    Promise.all(replicas.filter((r) => !r.crashed).map((r) => r.drained)),
  );
  for (const replica of replicas) replica.stop.abort();
  // A crashed replica cannot release anything: its Lease expires on its own.
  const releasing = replicas.filter((r) => !r.crashed).map((r) => r.done);
  if (args.act) await within(replicaDefaults.releaseMs, Promise.all(releasing));
  for (const replica of replicas) replica.subscription?.unsubscribe();
  await Promise.all(replicas.map((r) => r.client.transport.destroy()));
  await cluster?.stop();
  await metrics?.close();
  log(
    `done: ${counts.entered} pods entered CrashLoopBackOff, ${counts.recovered} recovered, ` +
      `${counts.acted} pods updated with an Event, ${counts.failed} failed writes, ${counts.handOvers} hand-overs`,
  );
  if (shards) {
    log(
      `reconciles: ${replicas.map((r) => `${r.name} ${r.reconciles}${r.crashed ? ' (crashed)' : ''}`).join(', ')}; ` +
        `${overlapping()} of one pod by two replicas at once`,
    );
  }
  process.exitCode = code;
}

/** Reconciles of one pod by two replicas whose times overlap. */
function overlapping(): number {
  let found = 0;
  for (const list of intervals.values()) {
    list.sort((a, b) => a.from - b.from);
    let reach: (typeof list)[number] | undefined;
    for (const x of list) {
      if (reach !== undefined && x.replica !== reach.replica && x.from < reach.to) found++;
      if (reach === undefined || x.to > reach.to) reach = x;
    }
  }
  return found;
}
