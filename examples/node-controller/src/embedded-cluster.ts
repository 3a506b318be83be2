import {
  type ContainerStatus,
  crashLoopStatus,
  type EmbeddedCluster,
  type EmbeddedClusterOptions,
  EXAMPLE_NODES,
  examplePod,
  examplePodSlot,
  EXAMPLE_PODS as PODS,
  type Pod,
  type PodName,
  runningStatus,
  startExampleCluster,
} from '@rxkube/example-shared';
import { embeddedClusterDefaults as defaults } from './embedded-cluster-defaults.js';

/**
 * Starts a `FakeApiServer` seeded with pods of a few apps across namespaces and nodes, then
 * churns it: one write per tick (pods updated, replaced, entering `CrashLoopBackOff` and
 * recovering), plus faults — dropped watches (resume) and compacted history (410 Gone, relist).
 * The first pod enters `CrashLoopBackOff` on the third tick.
 *
 * @example
 * ```ts
 * import { startEmbeddedCluster } from './embedded-cluster.js';
 * // Churn without faults: the crash loops come and go, the watches are never dropped.
 * const cluster = await startEmbeddedCluster({ pods: 20, faults: false });
 * console.log(`a controller can watch ${cluster.server.url}`);
 * await cluster.stop();
 * ```
 */
export function startEmbeddedCluster(
  options: EmbeddedClusterOptions = {},
): Promise<EmbeddedCluster> {
  return startExampleCluster(options, defaults, ({ server, pick }) => {
    const live: PodName[] = [];
    const crashing: PodName[] = [];
    let created = 0;
    const createPod = () => {
      const slot = examplePodSlot(created++);
      server.create(PODS, examplePod(slot, pick(EXAMPLE_NODES)));
      live.push({ namespace: slot.namespace, name: slot.name });
    };
    const patchStatus = (pod: PodName, status: ContainerStatus) =>
      server.patch(PODS, pod, { status: { containerStatuses: [status] } });
    const restartsOf = (pod: PodName) =>
      server.get<Pod>(PODS, pod)?.status?.containerStatuses?.[0]?.restartCount ?? 0;

    for (let i = 0; i < (options.pods ?? defaults.pods); i++) createPod();

    return (tick) => {
      const recovering = crashing[0];
      if (tick % defaults.crashEveryTicks === 3) {
        const healthy = live.filter((p) => !crashing.includes(p));
        if (healthy.length === 0) return;
        const pod = pick(healthy);
        patchStatus(pod, crashLoopStatus(restartsOf(pod) + 1));
        crashing.push(pod);
      } else if (tick % defaults.crashEveryTicks === 16 && crashing.length > 0) {
        // Still crash-looping, one more restart: the controller must not report it again.
        const pod = pick(crashing);
        patchStatus(pod, crashLoopStatus(restartsOf(pod) + 1));
      } else if (tick % defaults.recoverEveryTicks === 40 && recovering !== undefined) {
        crashing.shift();
        patchStatus(recovering, runningStatus(restartsOf(recovering)));
      } else if (tick % defaults.replaceEveryTicks === 5) {
        const victim = pick(live);
        server.remove(PODS, victim);
        live.splice(live.indexOf(victim), 1);
        if (crashing.includes(victim)) crashing.splice(crashing.indexOf(victim), 1);
        createPod();
      } else {
        const pod = pick(live);
        server.patch(PODS, pod, {
          metadata: { annotations: { 'example/heartbeat': String(tick) } },
        });
      }
    };
  });
}
