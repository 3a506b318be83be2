import type { KubeObject } from '../../src/kube-object.js';
import { asResourceVersion } from '../../src/resource-version.js';

/** A pod-like object with the given name, version and (optionally) uid and namespace. */
export function pod(name: string, rv: string, uid = `uid-${name}`, namespace = 'ns'): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, uid, resourceVersion: rv } };
}

export const rv = asResourceVersion;
