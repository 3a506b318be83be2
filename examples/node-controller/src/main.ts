#!/usr/bin/env node
import { hostname } from 'node:os';
import { type CollectionHealth, type KubeClient, TransportError } from '@rxkube/core';
import {
  connectExample,
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

const HELP = `Keeps a crash-loop annotation on pods, with leader election between replicas.

  pnpm --filter @rxkube/example-node-controller start [-- options]

  (default)                   an embedded API server with churning pods, in this process,
                              two replicas: the leader crashes after 6 s, the other takes over
  --real                      the current context of your kubeconfig (also: KUBECONFIG set)
  --kubeconfig <file>         this kubeconfig file alone
  --context <name>            another context of the kubeconfig
  --embedded                  the embedded server even when KUBECONFIG is set
  -n, --namespace <ns>        one namespace (real cluster default: the context's)
  -A, --all-namespaces        every namespace (embedded default)
  --act                       on a real cluster: annotate pods, record Events, elect a leader
  --replicas <n>              replicas in this process, one Lease (embedded 2, real 1)
  --crash-leader-after <s>    the leader crashes then, without releasing (embedded 6; 0: never)
  --lease-namespace <ns>      namespace of the Lease (default: the namespace, else default)
  --duration <seconds>        stop after that long
`;

const args = readExampleArgs(() => parseControllerArgs(process.argv.slice(2), process.env), HELP);
const { cluster, connect, namespace } = await connectExample(args, {
  startEmbedded: () => startEmbeddedCluster(),
  realNote: args.act ? '' : ' (read-only: pass --act to annotate pods and record Events)',
});
const defaults = args.mode === 'embedded' ? replicaDefaults.embedded : undefined;
const leaseNamespace = args.leaseNamespace ?? namespace ?? 'default';
const replicaCount = args.replicas ?? defaults?.replicas ?? replicaDefaults.real.replicas;
const crashAfterMs =
  replicaCount > 1 ? (args.crashLeaderAfterMs ?? defaults?.crashLeaderAfterMs ?? 0) : 0;
const counts = { entered: 0, recovered: 0, acted: 0, failed: 0, handOvers: 0 };

/** One replica: its own connections, a transport that a simulated crash cuts, its state. */
interface Running {
  readonly name: string;
  readonly client: ReturnType<typeof createClient>;
  readonly stop: AbortController;
  done: Promise<void>;
  subscription?: Subscription;
  crashed: boolean;
  leading: boolean;
}
const replicas: Running[] = [];
for (let i = 0; i < replicaCount; i++) {
  const name = replicaCount > 1 ? `r${i}` : '';
  const client = connect();
  const stop = new AbortController();
  const running: Running = {
    name,
    client,
    stop,
    done: Promise.resolve(),
    crashed: false,
    leading: false,
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
        ...(defaults === undefined ? {} : { timings: defaults.timings }),
        signal: stop.signal,
        controller: {
          act: true,
          host: hostname(),
          ...(namespace === undefined ? {} : { namespace }),
        },
      })
    : // Read-only: nothing is written, so there is nothing to elect a leader for.
      crashLoopController$(crashable, { ...(namespace === undefined ? {} : { namespace }) });
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
  replicas.push(running);
}

const crash =
  crashAfterMs > 0
    ? timer(crashAfterMs).subscribe(() => {
        const leader = replicas.find((r) => r.leading && !r.crashed);
        if (leader === undefined) return;
        leader.crashed = true;
        log(`${prefix(leader)}crashed: it stops renewing without releasing the lease`);
      })
    : undefined;
const stopAfter = stopOnSignal(args.durationMs, shutdown);

function prefix(replica: Running): string {
  return replica.name ? `[${replica.name}] ` : '';
}

function report(replica: Running, event: ControllerEvent): void {
  const p = prefix(replica);
  switch (event.type) {
    case 'leadership':
      if (event.leading && !replica.leading && replicas.some((r) => r.crashed)) counts.handOvers++;
      replica.leading = event.leading;
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
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  crash?.unsubscribe();
  stopAfter?.unsubscribe();
  // Gracefully: each replica stops leading and releases the lease before the connections close.
  for (const replica of replicas) replica.stop.abort();
  if (!args.act) for (const replica of replicas) replica.subscription?.unsubscribe();
  else await Promise.race([Promise.all(replicas.map((r) => r.done)), lastValueFrom(timer(5_000))]);
  for (const replica of replicas) replica.subscription?.unsubscribe();
  await Promise.all(replicas.map((r) => r.client.transport.destroy()));
  await cluster?.stop();
  log(
    `done: ${counts.entered} pods entered CrashLoopBackOff, ${counts.recovered} recovered, ` +
      `${counts.acted} pods updated with an Event, ${counts.failed} failed writes, ${counts.handOvers} hand-overs`,
  );
  process.exitCode = code;
}
