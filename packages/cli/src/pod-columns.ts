import type { KubeObject } from '@rxkube/core';
import { humanDuration } from './human-duration.js';

/**
 * The pod columns of `kubectl get pods` besides NAME and AGE.
 *
 * @example
 * ```ts
 * import type { PodColumns } from '@rxkube/cli';
 * const row: PodColumns = { ready: '1/1', status: 'Running', restarts: '0' };
 * ```
 */
export interface PodColumns {
  /** Ready containers / containers, e.g. `2/3` (restartable init containers count). */
  readonly ready: string;
  /** `Running`, `Pending`, `ContainerCreating`, `CrashLoopBackOff`, `Init:1/2`, `Terminating`, … */
  readonly status: string;
  /** Restart count, with the time since the last restart: `3 (2m ago)`. */
  readonly restarts: string;
}

interface ContainerState {
  readonly waiting?: { readonly reason?: string };
  readonly running?: { readonly startedAt?: string };
  readonly terminated?: {
    readonly reason?: string;
    readonly exitCode?: number;
    readonly signal?: number;
    readonly finishedAt?: string;
  };
}

interface ContainerStatus {
  readonly name: string;
  readonly ready?: boolean;
  readonly started?: boolean;
  readonly restartCount?: number;
  readonly state?: ContainerState;
  readonly lastState?: ContainerState;
}

interface PodShape {
  readonly metadata: { readonly deletionTimestamp?: string };
  readonly spec?: {
    readonly containers?: readonly unknown[];
    readonly initContainers?: readonly { readonly name: string; readonly restartPolicy?: string }[];
  };
  readonly status?: {
    readonly phase?: string;
    readonly reason?: string;
    readonly conditions?: readonly {
      readonly type: string;
      readonly status: string;
      readonly reason?: string;
    }[];
    readonly initContainerStatuses?: readonly ContainerStatus[];
    readonly containerStatuses?: readonly ContainerStatus[];
  };
}

const TERMINAL_PHASES = new Set(['Succeeded', 'Failed']);

/**
 * Computes READY, STATUS and RESTARTS of a pod as `kubectl get pods` shows them, from
 * `status.phase`, `status.reason`, the conditions and the (init) container statuses:
 *
 * - STATUS starts as the pod's reason or phase; a failing or waiting init container shows as
 *   `Init:<reason>` or `Init:<n>/<total>`; a container's waiting or terminated reason
 *   (`CrashLoopBackOff`, `ContainerCreating`, `OOMKilled`, `ExitCode:1`) overrides it; a pod
 *   being deleted shows `Terminating` (or `Unknown` when its node was lost).
 * - READY counts containers that are ready and running, out of all containers and restartable
 *   (sidecar) init containers.
 * - RESTARTS adds up restart counts, with the age of the latest restart when known.
 *
 * @example
 * ```ts
 * import { podColumns } from '@rxkube/cli';
 * const pod: Pod = { metadata: { name: 'web-0' }, status: { phase: 'Running' } };
 * podColumns(pod, Date.now()); // { ready: '1/1', status: 'Running', restarts: '2 (5m ago)' }
 * ```
 */
export function podColumns(pod: KubeObject, now: number): PodColumns {
  const { metadata, spec, status = {} } = pod as PodShape;
  const initSpecs = new Map((spec?.initContainers ?? []).map((c) => [c.name, c]));
  const isSidecar = (name: string) => initSpecs.get(name)?.restartPolicy === 'Always';
  let total = (spec?.containers ?? []).length;
  for (const init of initSpecs.values()) if (init.restartPolicy === 'Always') total++;

  let ready = 0;
  let restarts = 0;
  let sidecarRestarts = 0;
  let lastRestart = 0;
  let sidecarLastRestart = 0;
  let reason = status.reason || status.phase || '';
  if (status.conditions?.some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) {
    reason = 'SchedulingGated';
  }

  let initializing = false;
  const inits = status.initContainerStatuses ?? [];
  for (const [index, container] of inits.entries()) {
    const finished = finishedAt(container.lastState);
    restarts += container.restartCount ?? 0;
    lastRestart = Math.max(lastRestart, finished);
    if (isSidecar(container.name)) {
      sidecarRestarts += container.restartCount ?? 0;
      sidecarLastRestart = Math.max(sidecarLastRestart, finished);
    }
    const terminated = container.state?.terminated;
    const waiting = container.state?.waiting;
    if (terminated && terminated.exitCode === 0) continue;
    if (isSidecar(container.name) && container.started) {
      if (container.ready) ready++;
      continue;
    }
    initializing = true;
    if (terminated) {
      reason = terminated.reason
        ? `Init:${terminated.reason}`
        : terminated.signal
          ? `Init:Signal:${terminated.signal}`
          : `Init:ExitCode:${terminated.exitCode ?? 0}`;
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${index}/${initSpecs.size}`;
    }
    break;
  }

  const initialized = status.conditions?.some(
    (c) => c.type === 'Initialized' && c.status === 'True',
  );
  if (!initializing || initialized) {
    restarts = sidecarRestarts;
    lastRestart = sidecarLastRestart;
    let running = false;
    const containers = status.containerStatuses ?? [];
    for (const container of containers.toReversed()) {
      restarts += container.restartCount ?? 0;
      lastRestart = Math.max(lastRestart, finishedAt(container.lastState));
      const { waiting, terminated, running: isRunning } = container.state ?? {};
      if (waiting?.reason) reason = waiting.reason;
      else if (terminated?.reason) reason = terminated.reason;
      else if (terminated) {
        reason = terminated.signal
          ? `Signal:${terminated.signal}`
          : `ExitCode:${terminated.exitCode ?? 0}`;
      } else if (container.ready && isRunning) {
        running = true;
        ready++;
      }
    }
    if (reason === 'Completed' && running) {
      const podReady = status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
      reason = podReady ? 'Running' : 'NotReady';
    }
  }

  if (metadata.deletionTimestamp) {
    if (status.reason === 'NodeLost') reason = 'Unknown';
    else if (!TERMINAL_PHASES.has(status.phase ?? '')) reason = 'Terminating';
  }

  const restartText =
    restarts !== 0 && lastRestart > 0
      ? `${restarts} (${humanDuration(now - lastRestart)} ago)`
      : `${restarts}`;
  return { ready: `${ready}/${total}`, status: reason, restarts: restartText };
}

function finishedAt(state: ContainerState | undefined): number {
  const at = state?.terminated?.finishedAt;
  const ms = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(ms) ? 0 : ms;
}
