import type { KubeObject } from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import { humanDuration } from '../../human-duration.js';
import { podColumns } from '../../pod-columns.js';
import type { Palette } from './palette.js';

/** How a resource is shown as a table: headers, and a row per object. */
export interface ResourceColumns {
  readonly headers: readonly string[];
  /** The cells of one object's row, aged against `now`. */
  row(object: KubeObject, now: number, palette: Palette): string[];
}

/** AGE as kubectl shows it: `<unknown>` without a creation time. */
export function age(object: KubeObject, now: number): string {
  const created = object.metadata?.creationTimestamp;
  const at = created ? Date.parse(created) : Number.NaN;
  return Number.isNaN(at) ? '<unknown>' : humanDuration(now - at);
}

const HEALTHY = new Set(['Running', 'Completed', 'Succeeded']);
const PROGRESSING = new Set(['Pending', 'ContainerCreating', 'PodInitializing', 'Terminating']);

function colourStatus(status: string, palette: Palette): string {
  if (HEALTHY.has(status)) return palette.green(status);
  if (PROGRESSING.has(status) || status.startsWith('Init:')) return palette.yellow(status);
  return palette.red(status);
}

interface DeploymentShape {
  readonly spec?: { readonly replicas?: number };
  readonly status?: {
    readonly readyReplicas?: number;
    readonly updatedReplicas?: number;
    readonly availableReplicas?: number;
    readonly replicas?: number;
  };
}

type Cells = (object: KubeObject, now: number, palette: Palette) => string[];

const pods = {
  headers: ['READY', 'STATUS', 'RESTARTS'],
  cells: ((object, now, palette) => {
    const { ready, status, restarts } = podColumns(object, now);
    return [ready, colourStatus(status, palette), restarts];
  }) as Cells,
};

const deployments = {
  headers: ['READY', 'UP-TO-DATE', 'AVAILABLE'],
  cells: ((object) => {
    const { spec, status } = object as DeploymentShape;
    return [
      `${status?.readyReplicas ?? 0}/${spec?.replicas ?? 0}`,
      `${status?.updatedReplicas ?? 0}`,
      `${status?.availableReplicas ?? 0}`,
    ];
  }) as Cells,
};

const replicaSets = {
  headers: ['DESIRED', 'CURRENT', 'READY'],
  cells: ((object) => {
    const { spec, status } = object as DeploymentShape;
    return [`${spec?.replicas ?? 0}`, `${status?.replicas ?? 0}`, `${status?.readyReplicas ?? 0}`];
  }) as Cells,
};

const plain = { headers: [] as string[], cells: (() => []) as Cells };

function specialColumns(resource: ApiResource) {
  if (resource.group === '' && resource.name === 'pods') return pods;
  if (resource.group === 'apps' && resource.name === 'deployments') return deployments;
  if (resource.group === 'apps' && resource.name === 'replicasets') return replicaSets;
  return plain;
}

/**
 * The columns of `rxkube get`: NAME, the kind's own columns (pods: READY, STATUS, RESTARTS;
 * deployments and replica sets: their replica counts), AGE; NAMESPACE first when the table spans
 * every namespace of a namespaced resource.
 */
export function resourceColumns(resource: ApiResource, allNamespaces: boolean): ResourceColumns {
  const special = specialColumns(resource);
  const withNamespace = allNamespaces && resource.namespaced;
  return {
    headers: [...(withNamespace ? ['NAMESPACE'] : []), 'NAME', ...special.headers, 'AGE'],
    row: (object, now, palette) => [
      ...(withNamespace ? [object.metadata?.namespace ?? ''] : []),
      object.metadata?.name ?? '',
      ...special.cells(object, now, palette),
      age(object, now),
    ],
  };
}
