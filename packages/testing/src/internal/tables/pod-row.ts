import type { BuiltinRow } from './builtin-rows.js';
import { ageOf, goHumanDuration } from './go-human-duration.js';
import { arr, int, type Obj, orNone, str } from './loose-values.js';

/** Which of the pod printer's changes since 1.20 a version has (see `VersionProfile`). */
export interface PodRowFeatures {
  /** 1.22+: RESTARTS is a string with the age of the last restart, `3 (2m ago)`; an integer before. */
  readonly restartsWithAge: boolean;
  /** 1.26+: a pod held by scheduling gates shows `SchedulingGated`. */
  readonly schedulingGated: boolean;
  /**
   * 1.28+: restartable (sidecar) init containers count in READY once started, and their
   * restarts in RESTARTS; a pod whose Initialized condition holds shows its containers' state;
   * a pod being deleted shows `Terminating` only while its phase is not terminal.
   */
  readonly sidecars: boolean;
}

/** When a container last stopped, in ms (0: never). */
function lastTerminated(status: Obj): number {
  const at = Date.parse(str(status?.lastState?.terminated?.finishedAt));
  return Number.isNaN(at) ? 0 : at;
}

const COMPLETED = { type: 'Completed', status: 'True' } as const;

/** The pod printer of kube-apiserver 1.20: none of the later changes. */
export const PRINTED_BY_1_20: PodRowFeatures = {
  restartsWithAge: false,
  schedulingGated: false,
  sidecars: false,
};

/**
 * A pod's Table row as kube-apiserver prints it (kubernetes pkg/printers/internalversion/printers.go
 * `printPod`), with the changes since 1.20 that `features` names: READY counts ready containers,
 * STATUS is the pod's reason or phase unless an init container or a container says more
 * (`Init:1/2`, `CrashLoopBackOff`, `Completed`, `Terminating`), RESTARTS adds up restart counts.
 */
export function podRow(o: Obj, now: number, features: PodRowFeatures): BuiltinRow {
  const spec = o.spec ?? {};
  const status = o.status ?? {};
  const phase = str(status.phase);
  let reason = str(status.reason) !== '' ? status.reason : phase;
  if (
    features.schedulingGated &&
    arr(status.conditions).some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')
  ) {
    reason = 'SchedulingGated';
  }
  const sidecar = new Set(
    features.sidecars
      ? arr(spec.initContainers)
          .filter((c) => c.restartPolicy === 'Always')
          .map((c) => str(c.name))
      : [],
  );
  const total = arr(spec.containers).length + sidecar.size;
  let ready = 0;
  let restarts = 0;
  let lastRestart = 0;
  let sidecarRestarts = 0;
  let sidecarLastRestart = 0;
  let initializing = false;
  const inits = arr(status.initContainerStatuses);
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i];
    const state = c.state ?? {};
    restarts += int(c.restartCount);
    lastRestart = Math.max(lastRestart, lastTerminated(c));
    const isSidecar = sidecar.has(str(c.name));
    if (isSidecar) {
      sidecarRestarts += int(c.restartCount);
      sidecarLastRestart = Math.max(sidecarLastRestart, lastTerminated(c));
    }
    if (state.terminated && int(state.terminated.exitCode) === 0) continue;
    if (isSidecar && c.started === true) {
      if (c.ready === true) ready++;
      continue;
    }
    if (state.terminated) {
      const t = state.terminated;
      if (str(t.reason) === '') {
        reason =
          int(t.signal) !== 0 ? `Init:Signal:${t.signal}` : `Init:ExitCode:${int(t.exitCode)}`;
      } else reason = `Init:${t.reason}`;
    } else if (
      state.waiting &&
      str(state.waiting.reason) !== '' &&
      state.waiting.reason !== 'PodInitializing'
    ) {
      reason = `Init:${state.waiting.reason}`;
    } else {
      reason = `Init:${i}/${arr(spec.initContainers).length}`;
    }
    initializing = true;
    break;
  }
  const initialized =
    features.sidecars &&
    arr(status.conditions).some((c) => c.type === 'Initialized' && c.status === 'True');
  if (!initializing || initialized) {
    restarts = sidecarRestarts;
    lastRestart = sidecarLastRestart;
    let hasRunning = false;
    const containers = arr(status.containerStatuses);
    for (let i = containers.length - 1; i >= 0; i--) {
      const c = containers[i];
      const state = c.state ?? {};
      restarts += int(c.restartCount);
      lastRestart = Math.max(lastRestart, lastTerminated(c));
      if (state.waiting && str(state.waiting.reason) !== '') reason = state.waiting.reason;
      else if (state.terminated && str(state.terminated.reason) !== '') {
        reason = state.terminated.reason;
      } else if (state.terminated) {
        const t = state.terminated;
        reason = int(t.signal) !== 0 ? `Signal:${t.signal}` : `ExitCode:${int(t.exitCode)}`;
      } else if (c.ready === true && state.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      const podReady = arr(status.conditions).some(
        (c) => c.type === 'Ready' && c.status === 'True',
      );
      reason = podReady ? 'Running' : 'NotReady';
    }
  }
  const terminal = phase === 'Succeeded' || phase === 'Failed';
  if (o.metadata?.deletionTimestamp && status.reason === 'NodeLost') reason = 'Unknown';
  else if (o.metadata?.deletionTimestamp && (!features.sidecars || !terminal)) {
    reason = 'Terminating';
  }
  const restartCell = !features.restartsWithAge
    ? restarts
    : restarts !== 0 && lastRestart > 0
      ? `${restarts} (${goHumanDuration(now - lastRestart)} ago)`
      : String(restarts);
  const ips = arr(status.podIPs);
  const gates = arr(spec.readinessGates);
  let readinessGates = '<none>';
  if (gates.length > 0) {
    const trueConditions = gates.filter(
      (gate) =>
        arr(status.conditions).find((c) => c.type === gate.conditionType)?.status === 'True',
    ).length;
    readinessGates = `${trueConditions}/${gates.length}`;
  }
  const row: BuiltinRow = {
    cells: [
      str(o.metadata?.name),
      `${ready}/${total}`,
      reason,
      restartCell,
      ageOf(o.metadata?.creationTimestamp, now),
      orNone(str(ips[0]?.ip)),
      orNone(str(spec.nodeName)),
      orNone(str(status.nominatedNodeName)),
      readinessGates,
    ],
  };
  if (phase === 'Succeeded') {
    return {
      ...row,
      conditions: [
        { ...COMPLETED, reason: 'Succeeded', message: 'The pod has completed successfully.' },
      ],
    };
  }
  if (phase === 'Failed') {
    return { ...row, conditions: [{ ...COMPLETED, reason: 'Failed', message: 'The pod failed.' }] };
  }
  return row;
}
