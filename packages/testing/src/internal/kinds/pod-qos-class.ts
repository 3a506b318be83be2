import { isJsonObject } from '../json/json-value.js';
import { quantityValue } from './quantity-value.js';

/** The compute resources that decide a pod's QoS class. */
const QOS_RESOURCES = ['cpu', 'memory'] as const;

type Sums = Map<string, number>;

/** Adds a container's positive `cpu`/`memory` quantities to `sums`; the names it found. */
function addPositive(list: unknown, sums: Sums): Set<string> {
  const found = new Set<string>();
  if (!isJsonObject(list)) return found;
  for (const name of QOS_RESOURCES) {
    const value = quantityValue(list[name]);
    if (value === undefined || value <= 0) continue;
    found.add(name);
    sums.set(name, (sums.get(name) ?? 0) + value);
  }
  return found;
}

/**
 * A pod's QoS class as kube-apiserver 1.20 computes it when the pod is created: `BestEffort`
 * without any cpu or memory request or limit; `Guaranteed` when every container (init
 * containers included) limits both and the summed requests equal the summed limits (a request not
 * given takes its limit, as defaulting does); `Burstable` otherwise.
 */
export function podQosClass(spec: unknown): 'BestEffort' | 'Burstable' | 'Guaranteed' {
  const requests: Sums = new Map();
  const limits: Sums = new Map();
  let guaranteed = true;
  const containers = isJsonObject(spec)
    ? [spec.containers, spec.initContainers].flatMap((c) => (Array.isArray(c) ? c : []))
    : [];
  for (const container of containers) {
    const resources = isJsonObject(container) ? container.resources : undefined;
    const r = isJsonObject(resources) ? resources : {};
    // Defaulting gives a container's requests its limits where it names none.
    const limitsOf = isJsonObject(r.limits) ? r.limits : {};
    addPositive({ ...limitsOf, ...(isJsonObject(r.requests) ? r.requests : {}) }, requests);
    const limited = addPositive(r.limits, limits);
    if (!QOS_RESOURCES.every((name) => limited.has(name))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, value] of requests) {
      if (limits.get(name) !== value) {
        guaranteed = false;
        break;
      }
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
