import type { CollectionState, Delta } from '@rxkube/core';
import { asResourceVersion } from '@rxkube/core/transport';
import type { ContainerStatus, Pod } from '@rxkube/example-shared';

export function pod(name: string, state: 'running' | 'crashing', restartCount = 0): Pod {
  const status: ContainerStatus =
    state === 'running'
      ? { name: 'app', ready: true, restartCount, state: { running: {} } }
      : {
          name: 'app',
          ready: false,
          restartCount,
          state: { waiting: { reason: 'CrashLoopBackOff' } },
        };
  return {
    metadata: { namespace: 'shop', name, labels: { app: 'web' } },
    spec: { containers: [{ name: 'app' }] },
    status: { phase: 'Running', containerStatuses: [status] },
  };
}

/** A state whose deltas are given; items are not read by the operator under test. */
export function state(...deltas: Delta<Pod>[]): CollectionState<Pod> {
  return {
    items: new Map(),
    deltas,
    resourceVersion: asResourceVersion('1'),
    health: { status: 'live' },
    stats: { events: 0, lists: 1, relists: 0, reconnects: 0 },
  };
}
