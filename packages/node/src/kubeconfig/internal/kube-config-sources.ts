import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { kubeConfigDefaults } from '../kube-config-defaults.js';
import type { KubeConfigSourceOptions } from '../kube-config-source-options.js';

/** The files to read, in precedence order, and whether a missing one is an error. */
export interface KubeConfigSources {
  readonly paths: readonly string[];
  readonly explicit: boolean;
}

/**
 * The kubeconfig files kubectl would read: an explicit file alone; else every file of
 * `KUBECONFIG` (split on the platform's path delimiter, empty entries dropped, duplicates read
 * once); else `~/.kube/config`.
 */
export function kubeConfigSources(options: KubeConfigSourceOptions = {}): KubeConfigSources {
  if (options.kubeconfig !== undefined && options.kubeconfig !== '') {
    return { paths: [resolve(options.kubeconfig)], explicit: true };
  }
  const env = options.env ?? process.env;
  const list = env[kubeConfigDefaults.kubeconfigEnv];
  if (list !== undefined && list !== '') {
    const paths = list
      .split(delimiter)
      .filter((path) => path !== '')
      .map((path) => resolve(path));
    return { paths: [...new Set(paths)], explicit: false };
  }
  const home =
    options.homeDir ??
    env.HOME ??
    (process.platform === 'win32' ? env.USERPROFILE : undefined) ??
    homedir();
  return { paths: [join(home, ...kubeConfigDefaults.homeConfigPath)], explicit: false };
}
