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

type PodName = { readonly namespace: string; readonly name: string };

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
 * Starts a `FakeApiServer` seeded with pods of a few apps across namespaces and nodes (some
 * still Pending), then churns it, one write per tick: pods are replaced by Pending ones, get
 * scheduled, start, enter `CrashLoopBackOff` and recover, and most ticks touch an annotation that
 * no filter cares about. Faults too: dropped watches (resume) and compacted history (410 Gone,
 * relist).
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
  /** Every pod, and which of them are in which stage of their life. */
  const all: PodName[] = [];
  const pending: PodName[] = [];
  const starting: PodName[] = [];
  const crashing: PodName[] = [];
  let created = 0;

  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const remove = (list: PodName[], pod: PodName) => {
    const at = list.indexOf(pod);
    if (at >= 0) list.splice(at, 1);
  };
  const createPod = (isPending: boolean) => {
    const { namespace, app } = APPS[created % APPS.length]!;
    const name = `${app}-${(created++).toString(36).padStart(4, '0')}`;
    const pod = { namespace, name };
    server.create(PODS, newPod(pod, app, isPending ? undefined : pick(NODES)));
    all.push(pod);
    if (isPending) pending.push(pod);
  };
  const setContainer = (pod: PodName, status: ContainerStatus) =>
    server.patch(PODS, pod, { status: { phase: 'Running', containerStatuses: [status] } });

  const seeded = options.pods ?? defaults.pods;
  for (let i = 0; i < seeded; i++) createPod(i % defaults.pendingOneIn === 0);

  let tick = 0;
  let stalled = false;
  const step = () => {
    tick++;
    if (faults) injectFaults();
    const running = () =>
      all.filter((p) => ![pending, starting, crashing].some((l) => l.includes(p)));
    if (tick % defaults.crashEveryTicks === 3 && running().length > 0) {
      const pod = pick(running());
      setContainer(pod, crashLoop(1));
      crashing.push(pod);
    } else if (
      tick % defaults.crashEveryTicks === 3 + defaults.recoverOffsetTicks &&
      crashing.length > 0
    ) {
      const pod = crashing.shift()!;
      setContainer(pod, ready(1));
    } else if (tick % defaults.replaceEveryTicks === 5) {
      const victim = pick(all);
      server.remove(PODS, victim);
      for (const list of [all, pending, starting, crashing]) remove(list, victim);
      createPod(true);
    } else if (tick % defaults.replaceEveryTicks === 8 && pending.length > 0) {
      const pod = pending.shift()!;
      server.patch(PODS, pod, {
        spec: { nodeName: pick(NODES) },
        status: {
          phase: 'Pending',
          containerStatuses: [
            {
              name: 'app',
              ready: false,
              restartCount: 0,
              state: { waiting: { reason: 'ContainerCreating' } },
            },
          ],
        },
      });
      starting.push(pod);
    } else if (tick % defaults.replaceEveryTicks === 0 && starting.length > 0) {
      const pod = starting.shift()!;
      setContainer(pod, ready(0));
    } else {
      server.patch(PODS, pick(all), {
        metadata: { annotations: { 'example/heartbeat': String(tick) } },
      });
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

function newPod(pod: PodName, app: string, nodeName: string | undefined): Pod {
  return {
    metadata: { ...pod, labels: { app } },
    spec: {
      ...(nodeName === undefined ? {} : { nodeName }),
      containers: [{ name: 'app', image: `registry.example/${app}:2.0.1` }],
    },
    status:
      nodeName === undefined
        ? { phase: 'Pending' }
        : { phase: 'Running', containerStatuses: [ready(0)] },
  };
}

function ready(restartCount: number): ContainerStatus {
  return { name: 'app', ready: true, restartCount, state: { running: {} } };
}

function crashLoop(restartCount: number): ContainerStatus {
  return {
    name: 'app',
    ready: false,
    restartCount,
    state: {
      waiting: { reason: 'CrashLoopBackOff', message: 'back-off restarting failed container app' },
    },
  };
}
