import { type FakeObject, realisticPod } from '@rxkube/testing';
import type { DemoApp } from './demo-apps.js';
import { NAME_ALPHABET, type Random } from './random.js';

/** A ReplicaSet of the demo: one per app, named after the app and its pod-template hash. */
export interface DemoReplicaSet {
  readonly app: DemoApp;
  readonly name: string;
  readonly hash: string;
  readonly uid: string;
}

/** What a pod is doing, as the demo's simulated kubelet sees it. */
export type PodCondition = 'creating' | 'running' | 'crashloop' | 'notready';

/** The demo's own record of a pod, from which its JSON is rendered. */
export interface DemoPod {
  /** The pod's number in the demo: its node, IPs and container ids derive from it. */
  readonly index: number;
  readonly replicaSet: DemoReplicaSet;
  readonly namespace: string;
  readonly name: string;
  readonly createdAt: string;
  condition: PodCondition;
  restarts: number;
  startedAt: string;
  lastFinishedAt?: string;
}

const SUFFIX = 5;
const SIDECAR = { name: 'log-shipper', image: 'registry.example.com/platform/log-shipper:2.4.1' };

/** A timestamp as the API server writes them: seconds, UTC. */
export function timestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** The `index`-th pod of the demo, a new pod of a ReplicaSet, not yet started. */
export function newDemoPod(
  replicaSet: DemoReplicaSet,
  random: Random,
  now: number,
  index: number,
): DemoPod {
  return {
    index,
    replicaSet,
    namespace: replicaSet.app.namespace,
    name: `${replicaSet.name}-${random.text(NAME_ALPHABET, SUFFIX)}`,
    createdAt: timestamp(now),
    condition: 'creating',
    restarts: 0,
    startedAt: timestamp(now),
  };
}

/** The whole pod as the API server would store it, with owner, spec, status and managed fields. */
export function podObject(pod: DemoPod): FakeObject {
  const { app, name, hash, uid } = pod.replicaSet;
  const main = { name: app.name, image: app.image };
  return realisticPod(pod.index, {
    app: app.name,
    namespace: pod.namespace,
    replicaSet: { name, hash, uid },
    name: pod.name,
    containers: app.sidecar ? [main, SIDECAR] : [main],
    state: pod.condition,
    restarts: pod.restarts,
    createdAt: pod.createdAt,
    startedAt: pod.startedAt,
    ...(pod.lastFinishedAt === undefined ? {} : { lastFinishedAt: pod.lastFinishedAt }),
  });
}

/** The pod's `status`, for its condition, as a kubelet reports it. */
export function podStatus(pod: DemoPod): unknown {
  return podObject(pod)['status'];
}
