import { inspect } from 'node:util';
import type {
  KubeConfig,
  KubeConfigCluster,
  KubeConfigUser,
  NamedExtension,
} from '../kube-config.js';
import { redactKubeConfig } from '../redact-kube-config.js';

/**
 * A deep, frozen copy of a config that is safe to print: `JSON.stringify` and `util.inspect` of
 * it, and of each of its user and cluster entries, show the redacted form. The methods are non-enumerable,
 * so spreading or iterating the copy sees only its data. The input is not changed.
 */
export function protectKubeConfig(input: KubeConfig): KubeConfig {
  const config = structuredClone(input);
  for (const named of config.users ?? []) {
    const user = named.user;
    defineRedacted(user, () => redactUser(user));
    const exec = user.exec;
    if (isObject(exec)) defineRedacted(exec, () => redactUser({ exec }).exec);
  }
  for (const named of config.clusters ?? []) {
    const cluster = named.cluster;
    defineRedacted(cluster, () => redactCluster(cluster));
    const extensions: readonly NamedExtension[] = Array.isArray(cluster.extensions)
      ? cluster.extensions
      : [];
    for (const extension of extensions) {
      if (isObject(extension)) {
        defineRedacted(extension, () => redactCluster({ extensions: [extension] }).extensions?.[0]);
      }
    }
  }
  defineRedacted(config, () => redactKubeConfig(config));
  return deepFreeze(config);
}

function redactUser(user: KubeConfigUser): KubeConfigUser {
  return redactKubeConfig({ users: [{ name: '', user }] }).users?.[0]?.user ?? {};
}

function redactCluster(cluster: KubeConfigCluster): KubeConfigCluster {
  return redactKubeConfig({ clusters: [{ name: '', cluster }] }).clusters?.[0]?.cluster ?? {};
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function defineRedacted(target: object, redacted: () => unknown): void {
  Object.defineProperty(target, 'toJSON', { value: redacted, enumerable: false });
  Object.defineProperty(target, inspect.custom, {
    // util.inspect formats whatever a custom inspector returns, with the caller's options.
    value: redacted,
    enumerable: false,
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
