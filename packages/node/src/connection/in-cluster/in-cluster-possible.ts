import { statSync } from 'node:fs';
import { join } from 'node:path';
import { kubeConfigDefaults } from '../../kubeconfig/kube-config-defaults.js';
import type { InClusterOptions } from './in-cluster-options.js';

/**
 * Whether the process looks like it runs in a pod, as client-go decides it: the service host
 * and port variables are set and the service-account token file exists.
 */
export function inClusterPossible(options: InClusterOptions = {}): boolean {
  const env = options.env ?? process.env;
  if (!env.KUBERNETES_SERVICE_HOST || !env.KUBERNETES_SERVICE_PORT) return false;
  const dir = options.dir ?? kubeConfigDefaults.serviceAccountDir;
  try {
    return statSync(join(dir, 'token')).isFile();
  } catch {
    return false;
  }
}
