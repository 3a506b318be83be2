import type { Pod } from './pod.js';

/** One line of the pod table. */
export interface PodRow {
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  readonly phase: string;
  readonly node: string;
  readonly ready: string;
  readonly restarts: number;
}

/** The table line of `pod`, cached under `key`. */
export function podRow(key: string, pod: Pod): PodRow {
  const containers = pod.status?.containerStatuses ?? [];
  return {
    key,
    namespace: pod.metadata?.namespace ?? '',
    name: pod.metadata?.name ?? '',
    phase: pod.status?.phase ?? 'Unknown',
    node: pod.spec?.nodeName ?? '—',
    ready: `${containers.filter((c) => c.ready === true).length}/${containers.length}`,
    restarts: containers.reduce((sum, c) => sum + (c.restartCount ?? 0), 0),
  };
}
