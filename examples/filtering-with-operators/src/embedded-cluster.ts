import {
  type ContainerStatus,
  crashLoopStatus,
  type EmbeddedCluster,
  type EmbeddedClusterOptions,
  EXAMPLE_NODES,
  examplePod,
  examplePodSlot,
  EXAMPLE_PODS as PODS,
  type PodName,
  runningStatus,
  startExampleCluster,
} from '@rxkube/example-shared';
import { embeddedClusterDefaults as defaults } from './embedded-cluster-defaults.js';

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
export function startEmbeddedCluster(
  options: EmbeddedClusterOptions = {},
): Promise<EmbeddedCluster> {
  return startExampleCluster(options, defaults, ({ server, pick }) => {
    /** Every pod, and which of them are in which stage of their life. */
    const all: PodName[] = [];
    const pending: PodName[] = [];
    const starting: PodName[] = [];
    const crashing: PodName[] = [];
    let created = 0;

    const remove = (list: PodName[], pod: PodName) => {
      const at = list.indexOf(pod);
      if (at >= 0) list.splice(at, 1);
    };
    const createPod = (isPending: boolean) => {
      const slot = examplePodSlot(created++);
      const pod = { namespace: slot.namespace, name: slot.name };
      server.create(PODS, examplePod(slot, isPending ? undefined : pick(EXAMPLE_NODES)));
      all.push(pod);
      if (isPending) pending.push(pod);
    };
    const setContainer = (pod: PodName, status: ContainerStatus) =>
      server.patch(PODS, pod, { status: { phase: 'Running', containerStatuses: [status] } });

    const seeded = options.pods ?? defaults.pods;
    for (let i = 0; i < seeded; i++) createPod(i % defaults.pendingOneIn === 0);

    return (tick) => {
      const running = () =>
        all.filter((p) => ![pending, starting, crashing].some((l) => l.includes(p)));
      const recovering = crashing[0];
      const scheduled = pending[0];
      const started = starting[0];
      if (tick % defaults.crashEveryTicks === 3 && running().length > 0) {
        const pod = pick(running());
        setContainer(pod, crashLoopStatus(1));
        crashing.push(pod);
      } else if (
        tick % defaults.crashEveryTicks === 3 + defaults.recoverOffsetTicks &&
        recovering !== undefined
      ) {
        crashing.shift();
        setContainer(recovering, runningStatus(1));
      } else if (tick % defaults.replaceEveryTicks === 5) {
        const victim = pick(all);
        server.remove(PODS, victim);
        for (const list of [all, pending, starting, crashing]) remove(list, victim);
        createPod(true);
      } else if (tick % defaults.replaceEveryTicks === 8 && scheduled !== undefined) {
        pending.shift();
        server.patch(PODS, scheduled, {
          spec: { nodeName: pick(EXAMPLE_NODES) },
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
        starting.push(scheduled);
      } else if (tick % defaults.replaceEveryTicks === 0 && started !== undefined) {
        starting.shift();
        setContainer(started, runningStatus(0));
      } else {
        server.patch(PODS, pick(all), {
          metadata: { annotations: { 'example/heartbeat': String(tick) } },
        });
      }
    };
  });
}
