import { isJsonObject, type JsonObject } from '../json/json-value.js';
import { goConditions } from './go-condition-fields.js';

/** `NodeCondition`'s fields in Go's order; the two times are structs (never omitted). */
const CONDITION_ORDER = [
  'type',
  'status',
  'lastHeartbeatTime',
  'lastTransitionTime',
  'reason',
  'message',
];
const CONDITION_TIMES = ['lastHeartbeatTime', 'lastTransitionTime'];

/** `NodeSystemInfo`'s fields in Go's order: strings without `omitempty`. */
const NODE_INFO_FIELDS = [
  'machineID',
  'systemUUID',
  'bootID',
  'kernelVersion',
  'osImage',
  'containerRuntimeVersion',
  'kubeletVersion',
  'kubeProxyVersion',
  'operatingSystem',
  'architecture',
] as const;

/** `NodeStatus`'s fields in Go's order. */
const STATUS_FIELDS = [
  'capacity',
  'allocatable',
  'phase',
  'conditions',
  'addresses',
  'daemonEndpoints',
  'nodeInfo',
  'images',
  'volumesInUse',
  'volumesAttached',
  'config',
] as const;

/** What an empty Node's status serializes to in 1.20 (structs without `omitempty`). */
export function emptyNodeStatus(): JsonObject {
  return {
    daemonEndpoints: { kubeletEndpoint: { Port: 0 } },
    nodeInfo: Object.fromEntries(NODE_INFO_FIELDS.map((field) => [field, ''])),
  };
}

/**
 * A Node as kube-apiserver 1.20 decodes it on every write (before the field manager records the write): its
 * status always carries `daemonEndpoints.kubeletEndpoint.Port` and every `nodeInfo` string, zero
 * where not given, in Go's field order; conditions carry both times (`null` when not given);
 * `spec` is always there.
 */
export function defaultNode(object: JsonObject): void {
  if (object.spec === undefined || object.spec === null) {
    const status = object.status;
    delete object.status;
    object.spec = {};
    if (status !== undefined) object.status = status;
  }
  const given = isJsonObject(object.status) ? object.status : {};
  const daemon = isJsonObject(given.daemonEndpoints) ? given.daemonEndpoints : {};
  const kubelet = isJsonObject(daemon.kubeletEndpoint) ? daemon.kubeletEndpoint : {};
  const info = isJsonObject(given.nodeInfo) ? given.nodeInfo : {};
  const filled: JsonObject = {
    ...given,
    ...(Array.isArray(given.conditions)
      ? { conditions: goConditions(given.conditions, CONDITION_ORDER, CONDITION_TIMES) }
      : {}),
    daemonEndpoints: { ...daemon, kubeletEndpoint: { Port: 0, ...kubelet } },
    nodeInfo: {
      ...Object.fromEntries(NODE_INFO_FIELDS.map((field) => [field, info[field] ?? ''])),
      ...info,
    },
  };
  const status: JsonObject = {};
  for (const field of STATUS_FIELDS) if (filled[field] !== undefined) status[field] = filled[field];
  for (const [key, value] of Object.entries(filled)) if (!(key in status)) status[key] = value;
  object.status = status;
}

/** The taint kube-apiserver 1.20's TaintNodesByCondition admission puts on every new Node. */
const NOT_READY_TAINT = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' } as const;

/**
 * A Node's admission on create over HTTP, after the field manager: `spec.taints` gains the
 * not-ready `NoSchedule` taint unless one with that key and effect is there (so it is nobody's
 * in `managedFields`).
 */
export function prepareNodeForCreate(object: JsonObject, http: boolean): void {
  if (!http) return;
  const spec = isJsonObject(object.spec) ? object.spec : {};
  const taints = Array.isArray(spec.taints) ? spec.taints : [];
  const tainted = taints.some(
    (t) => isJsonObject(t) && t.key === NOT_READY_TAINT.key && t.effect === NOT_READY_TAINT.effect,
  );
  if (!tainted) object.spec = { ...spec, taints: [...taints, { ...NOT_READY_TAINT }] };
}
