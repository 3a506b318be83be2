import { isJsonObject, type JsonObject } from '../json/json-value.js';
import { goConditions } from './go-condition-fields.js';
import { podQosClass } from './pod-qos-class.js';

/** `PodCondition`'s fields in Go's order; the two times are structs (never omitted). */
const CONDITION_ORDER = [
  'type',
  'status',
  'lastProbeTime',
  'lastTransitionTime',
  'reason',
  'message',
];
const CONDITION_TIMES = ['lastProbeTime', 'lastTransitionTime'];

/**
 * A Pod as kube-apiserver 1.20 decodes it on every write, before the field manager records it:
 * {@link convertPodIps}, and conditions with both times (`null` when not given).
 */
export function defaultPod(object: JsonObject): void {
  convertPodIps(object);
  const status = object.status;
  if (isJsonObject(status) && Array.isArray(status.conditions)) {
    status.conditions = goConditions(status.conditions, CONDITION_ORDER, CONDITION_TIMES);
  }
}

/**
 * What decoding a v1 Pod does to its status in kube-apiserver 1.20 (before the field manager
 * records the write): `podIP` is the first of `podIPs`, and a `podIP` alone becomes `podIPs`.
 */
export function convertPodIps(object: JsonObject): void {
  const status = object.status;
  if (!isJsonObject(status)) return;
  const ips = Array.isArray(status.podIPs) ? status.podIPs : [];
  const first = ips[0];
  if (ips.length > 0 && isJsonObject(first) && typeof first.ip === 'string') {
    if (status.podIP === first.ip) return;
    // `podIP` comes before `podIPs` in Go's field order.
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(status)) {
      if (key === 'podIP') continue;
      if (key === 'podIPs') out.podIP = first.ip;
      out[key] = value;
    }
    object.status = out;
  } else if (ips.length === 0 && typeof status.podIP === 'string' && status.podIP !== '') {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(status)) {
      out[key] = value;
      if (key === 'podIP') out.podIPs = [{ ip: value }];
    }
    object.status = out;
  }
}

/**
 * A Pod's create strategy in kube-apiserver 1.20, after the field manager: over HTTP the status
 * is replaced by `{ phase: 'Pending', qosClass }` (the writer's status fields stay recorded as
 * its own, as the real server records them); test code may create a pod in any state.
 */
export function preparePodForCreate(object: JsonObject, http: boolean): void {
  if (!http) return;
  addDefaultTolerations(object);
  object.status = { phase: 'Pending', qosClass: podQosClass(object.spec) };
}

/** The tolerations kube-apiserver 1.20's DefaultTolerationSeconds admission adds (300 s each). */
const DEFAULT_TOLERATIONS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];
const DEFAULT_TOLERATION_SECONDS = 300;

/**
 * DefaultTolerationSeconds on create: a pod that does not tolerate `NoExecute` taints of a
 * not-ready or an unreachable node (a toleration with that key, or no key, and that effect, or
 * none) gets one for 300 s, after the field manager (so nobody owns it).
 */
function addDefaultTolerations(object: JsonObject): void {
  const spec = object.spec;
  if (!isJsonObject(spec)) return;
  const tolerations = Array.isArray(spec.tolerations) ? [...spec.tolerations] : [];
  const before = tolerations.length;
  for (const key of DEFAULT_TOLERATIONS) {
    const tolerated = tolerations.some(
      (t) =>
        isJsonObject(t) &&
        (t.key === key || t.key === undefined || t.key === '') &&
        (t.effect === 'NoExecute' || t.effect === undefined || t.effect === ''),
    );
    if (!tolerated) {
      tolerations.push({
        key,
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: DEFAULT_TOLERATION_SECONDS,
      });
    }
  }
  if (tolerations.length !== before) spec.tolerations = tolerations;
}
