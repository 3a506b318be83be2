import { FakeApiServer, type FakeResourceRef } from '@rxkube/testing';
import type { ContainerStatus } from './container-status.js';
import { embeddedClusterDefaults as defaults } from './embedded-cluster-defaults.js';
import type { EmbeddedClusterOptions } from './embedded-cluster-options.js';
import type { Pod } from './pod.js';
import { seededRandom } from './seeded-random.js';

const PODS: FakeResourceRef = { version: 'v1', resource: 'pods' };
const APPS = [
  { namespace: 'shop', app: 'checkout' },
  { namespace: 'shop', app: 'cart' },
  { namespace: 'payments', app: 'ledger' },
  { namespace: 'search', app: 'indexer' },
] as const;
const NODES = ['node-a', 'node-b', 'node-c', 'node-d'] as const;

/**
 * A running embedded API server with pods under churn.
 *
 * @example
 * ```ts
 * import { startEmbeddedCluster } from './embedded-cluster.js';
 * const cluster = await startEmbeddedCluster();
 * console.log(cluster.server.url);
 * await cluster.stop();
 * ```
 */
export interface EmbeddedCluster {
  /** The fake API server (`server.url` to connect, `server.objects()` to inspect). */
  readonly server: FakeApiServer;
  /** Stops the churn and closes the server. */
  stop(): Promise<void>;
}

/**
 * Starts a `FakeApiServer` seeded with pods of a few apps across namespaces and nodes, then
 * churns it: one write per tick (pods updated, replaced, entering `CrashLoopBackOff` and
 * recovering), plus faults — dropped watches (resume) and compacted history (410 Gone, relist).
 * The first pod enters `CrashLoopBackOff` on the third tick.
 *
 * @example
 * ```ts
 * import { createClient } from '@rxkube/node';
 * import { startEmbeddedCluster } from './embedded-cluster.js';
 * const cluster = await startEmbeddedCluster({ pods: 50 });
 * const client = createClient({ baseUrl: cluster.server.url });
 * await cluster.stop();
 * ```
 */
export async function startEmbeddedCluster(
  options: EmbeddedClusterOptions = {},
): Promise<EmbeddedCluster> {
  const random = seededRandom(options.seed ?? defaults.seed);
  const faults = options.faults ?? true;
  const server = await FakeApiServer.start();
  const live: { namespace: string; name: string }[] = [];
  const crashing: { namespace: string; name: string }[] = [];
  let created = 0;

  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const createPod = () => {
    const { namespace, app } = APPS[created % APPS.length]!;
    const name = `${app}-${(created++).toString(36).padStart(4, '0')}`;
    server.create(PODS, newPod(namespace, name, app, pick(NODES)));
    live.push({ namespace, name });
  };
  const patchStatus = (pod: { namespace: string; name: string }, statuses: ContainerStatus[]) =>
    server.patch(PODS, pod, { status: { containerStatuses: statuses } });
  const restartsOf = (pod: { namespace: string; name: string }) =>
    server.get<Pod>(PODS, pod)?.status?.containerStatuses?.[0]?.restartCount ?? 0;

  for (let i = 0; i < (options.pods ?? defaults.pods); i++) createPod();

  let tick = 0;
  let stalled = false;
  const step = () => {
    tick++;
    if (faults) injectFaults();
    if (tick % defaults.crashEveryTicks === 3) {
      const healthy = live.filter((p) => !crashing.includes(p));
      if (healthy.length === 0) return;
      const pod = pick(healthy);
      patchStatus(pod, [crashLoop(restartsOf(pod) + 1)]);
      crashing.push(pod);
    } else if (tick % defaults.crashEveryTicks === 16 && crashing.length > 0) {
      // Still crash-looping, one more restart: the controller must not report it again.
      const pod = pick(crashing);
      patchStatus(pod, [crashLoop(restartsOf(pod) + 1)]);
    } else if (tick % defaults.recoverEveryTicks === 40 && crashing.length > 0) {
      const pod = crashing.shift()!;
      patchStatus(pod, [running(restartsOf(pod))]);
    } else if (tick % defaults.replaceEveryTicks === 5) {
      const victim = pick(live);
      server.remove(PODS, victim);
      live.splice(live.indexOf(victim), 1);
      if (crashing.includes(victim)) crashing.splice(crashing.indexOf(victim), 1);
      createPod();
    } else {
      const pod = pick(live);
      server.patch(PODS, pod, { metadata: { annotations: { 'example/heartbeat': String(tick) } } });
    }
  };
  const injectFaults = () => {
    if (tick % defaults.dropWatchesEveryTicks === defaults.dropWatchesEveryTicks / 2) {
      server.faults.destroyWatches({ midLine: true });
    }
    const phase = tick % defaults.compactEveryTicks;
    if (phase === defaults.compactEveryTicks / 2) {
      server.faults.stallWatches(true);
      stalled = true;
    } else if (stalled && phase === defaults.compactEveryTicks / 2 + defaults.stallTicks) {
      server.faults.compact();
      server.faults.endWatches();
      server.faults.stallWatches(false);
      stalled = false;
    }
  };

  const timer = setInterval(step, options.churnIntervalMs ?? defaults.churnIntervalMs);
  return {
    server,
    async stop() {
      clearInterval(timer);
      await server.close();
    },
  };
}

function newPod(namespace: string, name: string, app: string, nodeName: string): Pod {
  return {
    metadata: { namespace, name, labels: { app } },
    spec: { nodeName, containers: [{ name: 'app', image: `registry.example/${app}:1.4.2` }] },
    status: { phase: 'Running', containerStatuses: [running(0)] },
  };
}

function running(restartCount: number): ContainerStatus {
  return {
    name: 'app',
    ready: true,
    restartCount,
    state: { running: { startedAt: new Date().toISOString() } },
  };
}

function crashLoop(restartCount: number): ContainerStatus {
  return {
    name: 'app',
    ready: false,
    restartCount,
    state: {
      waiting: {
        reason: 'CrashLoopBackOff',
        message: 'back-off restarting failed container app',
      },
    },
  };
}
