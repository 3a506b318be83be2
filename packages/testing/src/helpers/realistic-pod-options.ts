/**
 * What a {@link realisticPod} is doing and whose it is. Every field is optional: left out, it is
 * derived from the pod's index (25 pods a ReplicaSet `svc-<n>`, spread over 8 namespaces
 * `team-<n>`, one running container `app`), so `realisticPod(i)` is the same pod on every call.
 *
 * @example
 * ```ts
 * import { type RealisticPodOptions, realisticPod } from '@rxkube/testing';
 * const options: RealisticPodOptions = { namespace: 'shop', state: 'crashloop', restarts: 3 };
 * const pod = realisticPod(7, options);
 * ```
 */
export interface RealisticPodOptions {
  /** The app label and image name. Default: `svc-<n>`, one app a ReplicaSet. */
  readonly app?: string;
  /** Default: `team-<index % 8>`. */
  readonly namespace?: string;
  /** The owning ReplicaSet. Default: `<app>-<hash>` with a uid derived from the index. */
  readonly replicaSet?: { readonly name: string; readonly hash: string; readonly uid: string };
  /** Default: `<replicaSet>-<suffix>`, the suffix derived from the index. */
  readonly name?: string;
  /** The containers, the first one the app's (ports, resources). Default: `app` with the app's image. */
  readonly containers?: readonly { readonly name: string; readonly image: string }[];
  /**
   * What the kubelet reports. `creating`: Pending, containers waiting; `running`: all ready;
   * `crashloop`: the first container in CrashLoopBackOff; `notready`: the first container
   * running but not ready. Default: `running`.
   */
  readonly state?: 'creating' | 'running' | 'crashloop' | 'notready';
  /** The first container's restart count. Default: 1 for every fifth pod, else 0. */
  readonly restarts?: number;
  /** When the first container last terminated (RFC 3339): adds its `lastState`. Default: none. */
  readonly lastFinishedAt?: string;
  /** When the pod was created and scheduled (RFC 3339). Default: a time derived from the index. */
  readonly createdAt?: string;
  /** When its containers last started (RFC 3339). Default: seven seconds after `createdAt`'s default. */
  readonly startedAt?: string;
}
