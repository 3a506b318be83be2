import { readFileSync } from 'node:fs';
import { kubeConfigSources } from './internal/kube-config-sources.js';
import type { KubeConfig } from './kube-config.js';
import { KubeConfigError } from './kube-config-error.js';
import type { KubeConfigSourceOptions } from './kube-config-source-options.js';
import { mergeKubeConfigs } from './merge-kube-configs.js';
import { parseKubeConfig } from './parse-kube-config.js';

/**
 * Options of {@link loadKubeConfig}: an explicit file, or the environment and home folder to
 * find kubeconfig files by.
 *
 * @example
 * ```ts
 * import type { LoadKubeConfigOptions } from '@rxkube/node';
 * const options: LoadKubeConfigOptions = { env: { KUBECONFIG: '/a/config:/b/config' } };
 * ```
 */
export type LoadKubeConfigOptions = KubeConfigSourceOptions;

/**
 * Loads the kubeconfig kubectl would use. With an explicit `kubeconfig` path, that file alone
 * (it must exist). Else the files of `KUBECONFIG`, merged in order (the first to define a
 * name or `current-context` wins; missing files are skipped), else `~/.kube/config`. Relative
 * paths in each file are resolved against that file's folder.
 *
 * Returns an empty config (no clusters, users or contexts) when no file exists; a file that
 * cannot be read or parsed throws a {@link KubeConfigError}. The result prints redacted.
 *
 * @example
 * ```ts
 * import { loadKubeConfig } from '@rxkube/node';
 * const config = loadKubeConfig();
 * console.log(config['current-context'], config.contexts?.map((c) => c.name));
 * ```
 */
export function loadKubeConfig(options: LoadKubeConfigOptions = {}): KubeConfig {
  const sources = kubeConfigSources(options);
  const configs: KubeConfig[] = [];
  for (const path of sources.paths) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && !sources.explicit) continue;
      throw new KubeConfigError(
        code === 'ENOENT' ? 'NotFound' : 'FileUnreadable',
        code === 'ENOENT'
          ? `kubeconfig ${path} does not exist`
          : `kubeconfig ${path} cannot be read (${code ?? 'error'})`,
        { path, cause: error },
      );
    }
    configs.push(parseKubeConfig(text, { path }));
  }
  return mergeKubeConfigs(configs);
}
