import { ageOf } from './go-human-duration.js';
import { arr, int, type Obj, orNone, str } from './loose-values.js';
import { PRINTED_BY_1_20, podRow } from './pod-row.js';
import { labelsText, selectorText } from './selector-text.js';

// The row printers of kube-apiserver 1.20 (pkg/printers/internalversion) for the kinds the fake
// knows, always wide (the client drops columns of priority 1).

/** A row's cells, and its conditions (a finished pod's `Completed`). */
export interface BuiltinRow {
  readonly cells: unknown[];
  readonly conditions?: readonly Record<string, string>[];
}

type Printer = (object: Obj, now: number) => BuiltinRow;

function loadBalancerText(o: Obj): string {
  return arr(o.status?.loadBalancer?.ingress)
    .map((ingress) => str(ingress.ip) || str(ingress.hostname))
    .filter((text) => text !== '')
    .join(',');
}

function externalIp(o: Obj): string {
  const spec = o.spec ?? {};
  const external = arr(spec.externalIPs) as string[];
  switch (spec.type ?? 'ClusterIP') {
    case 'ClusterIP':
    case 'NodePort':
      return external.length > 0 ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerText(o);
      if (external.length > 0) return [...(lb ? lb.split(',') : []), ...external].join(',');
      return lb === '' ? '<pending>' : lb;
    }
    case 'ExternalName':
      return str(spec.externalName);
    default:
      return '<unknown>';
  }
}

function service(o: Obj, now: number): BuiltinRow {
  const spec = o.spec ?? {};
  const clusterIps = arr(spec.clusterIPs) as string[];
  const ports = arr(spec.ports)
    .map((p) =>
      int(p.nodePort) > 0
        ? `${int(p.port)}:${p.nodePort}/${str(p.protocol)}`
        : `${int(p.port)}/${str(p.protocol)}`,
    )
    .join(',');
  return {
    cells: [
      str(o.metadata?.name),
      str(spec.type),
      clusterIps.length > 0 ? clusterIps[0] : '<none>',
      externalIp(o),
      orNone(ports),
      ageOf(o.metadata?.creationTimestamp, now),
      labelsText(spec.selector),
    ],
  };
}

function containerCells(template: Obj): [string, string] {
  const containers = arr(template?.spec?.containers);
  return [
    containers.map((c) => str(c.name)).join(','),
    containers.map((c) => str(c.image)).join(','),
  ];
}

// One printer per kind, as kube-apiserver's printers.go has: deployments and replica sets print
// alike-shaped rows from different fields, and each stays a plain list of its columns.
function deployment(o: Obj, now: number): BuiltinRow {
  const status = o.status ?? {};
  const [names, images] = containerCells(o.spec?.template);
  return {
    cells: [
      str(o.metadata?.name),
      `${int(status.readyReplicas)}/${int(o.spec?.replicas)}`,
      int(status.updatedReplicas),
      int(status.availableReplicas),
      ageOf(o.metadata?.creationTimestamp, now),
      names,
      images,
      selectorText(o.spec?.selector),
    ],
  };
}

function replicaSet(o: Obj, now: number): BuiltinRow {
  const status = o.status ?? {};
  const [names, images] = containerCells(o.spec?.template);
  return {
    cells: [
      str(o.metadata?.name),
      int(o.spec?.replicas),
      int(status.replicas),
      int(status.readyReplicas),
      ageOf(o.metadata?.creationTimestamp, now),
      names,
      images,
      orNone(selectorText(o.spec?.selector)),
    ],
  };
}

const count = (value: unknown): number =>
  typeof value === 'object' && value !== null ? Object.keys(value).length : 0;

function node(o: Obj, now: number): BuiltinRow {
  const status = o.status ?? {};
  const ready = arr(status.conditions).find((c) => c.type === 'Ready');
  const states: string[] = [];
  if (ready) states.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (states.length === 0) states.push('Unknown');
  if (o.spec?.unschedulable === true) states.push('SchedulingDisabled');
  const roles = new Set<string>();
  for (const [key, value] of Object.entries((o.metadata?.labels ?? {}) as Record<string, string>)) {
    if (key.startsWith('node-role.kubernetes.io/')) {
      const role = key.slice('node-role.kubernetes.io/'.length);
      if (role !== '') roles.add(role);
    } else if (key === 'kubernetes.io/role' && value !== '') roles.add(value);
  }
  const info = status.nodeInfo ?? {};
  const address = (type: string) =>
    str(arr(status.addresses).find((a) => a.type === type)?.address) || '<none>';
  const unknown = (value: unknown) => str(value) || '<unknown>';
  return {
    cells: [
      str(o.metadata?.name),
      states.join(','),
      orNone([...roles].sort().join(',')),
      ageOf(o.metadata?.creationTimestamp, now),
      str(info.kubeletVersion),
      address('InternalIP'),
      address('ExternalIP'),
      unknown(info.osImage),
      unknown(info.kernelVersion),
      unknown(info.containerRuntimeVersion),
    ],
  };
}

function event(o: Obj, now: number): BuiltinRow {
  const first = o.firstTimestamp ? ageOf(o.firstTimestamp, now) : ageOf(o.eventTime, now);
  let last = o.lastTimestamp ? ageOf(o.lastTimestamp, now) : first;
  let times = int(o.count);
  if (o.series) {
    last = ageOf(o.series.lastObservedTime, now);
    times = int(o.series.count);
  } else if (times === 0) times = 1;
  const involved = o.involvedObject ?? {};
  const kind = str(involved.kind).toLowerCase();
  const target = str(involved.name) !== '' ? `${kind}/${involved.name}` : kind;
  const source = o.source ?? {};
  const sourceText =
    str(source.host) === '' ? str(source.component) : `${str(source.component)}, ${source.host}`;
  return {
    cells: [
      last,
      str(o.type),
      str(o.reason),
      target,
      str(involved.fieldPath),
      sourceText,
      str(o.message).trim(),
      first,
      times,
      str(o.metadata?.name),
    ],
  };
}

const simple =
  (...cells: ((o: Obj) => unknown)[]): Printer =>
  (o, now) => ({
    cells: [
      str(o.metadata?.name),
      ...cells.map((cell) => cell(o)),
      ageOf(o.metadata?.creationTimestamp, now),
    ],
  });

/** The printers by `group/version/resource` (core: `/v1/…`), as the column definitions are keyed. */
export const BUILTIN_PRINTERS: Readonly<Record<string, Printer>> = {
  '/v1/pods': (o, now) => podRow(o, now, PRINTED_BY_1_20),
  '/v1/services': service,
  'apps/v1/deployments': deployment,
  'apps/v1/replicasets': replicaSet,
  '/v1/configmaps': simple((o) => count(o.data) + count(o.binaryData)),
  '/v1/secrets': simple(
    (o) => str(o.type),
    (o) => count(o.data),
  ),
  '/v1/namespaces': simple((o) => str(o.status?.phase)),
  '/v1/nodes': node,
  '/v1/events': event,
  'coordination.k8s.io/v1/leases': simple((o) => str(o.spec?.holderIdentity)),
  '/v1/serviceaccounts': simple((o) => arr(o.secrets).length),
};
