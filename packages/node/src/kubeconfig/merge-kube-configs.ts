import { protectKubeConfig } from './internal/protect-kube-config.js';
import type { KubeConfig } from './kube-config.js';

/**
 * Merges kubeconfigs the way kubectl merges the files of `KUBECONFIG`, given in that order:
 * the first config to define a cluster, user or context name wins, and that entry is taken
 * whole (a later file's fields for the same name are discarded, even ones the first lacks);
 * the first config to set `current-context` (or `preferences`) wins. The result prints redacted.
 *
 * @example
 * ```ts
 * import { mergeKubeConfigs } from '@rxkube/node';
 * const merged = mergeKubeConfigs([
 *   { 'current-context': 'a', contexts: [{ name: 'a', context: { cluster: 'one' } }] },
 *   { 'current-context': 'b', clusters: [{ name: 'one', cluster: { server: 'https://one:6443' } }] },
 * ]);
 * merged['current-context']; // 'a'
 * ```
 */
export function mergeKubeConfigs(configs: readonly KubeConfig[]): KubeConfig {
  const merged: {
    -readonly [K in keyof KubeConfig]: KubeConfig[K];
  } = { apiVersion: 'v1', kind: 'Config' };
  for (const key of ['current-context', 'preferences'] as const) {
    const first = configs.find((config) => config[key] !== undefined && config[key] !== '');
    if (first) Object.assign(merged, { [key]: first[key] });
  }
  for (const key of ['clusters', 'users', 'contexts', 'extensions'] as const) {
    const byName = new Map<string, { readonly name: string }>();
    for (const config of configs) {
      for (const entry of config[key] ?? []) {
        if (!byName.has(entry.name)) byName.set(entry.name, entry);
      }
    }
    if (byName.size > 0) Object.assign(merged, { [key]: [...byName.values()] });
  }
  return protectKubeConfig(merged);
}
