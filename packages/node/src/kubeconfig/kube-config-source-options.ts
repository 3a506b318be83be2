/**
 * Where kubeconfig files are looked for, as {@link loadKubeConfig} takes it
 * ({@link LoadKubeConfigOptions}): an explicit file, else `KUBECONFIG`, else `~/.kube/config`.
 *
 * @example
 * ```ts
 * import type { KubeConfigSourceOptions } from '@rxkube/node';
 * const options: KubeConfigSourceOptions = { homeDir: '/home/ci' }; // reads /home/ci/.kube/config
 * ```
 */
export interface KubeConfigSourceOptions {
  /** An explicit kubeconfig file: the only one read, and it must exist (kubectl's `--kubeconfig`). */
  readonly kubeconfig?: string;
  /** The environment to read `KUBECONFIG` and `HOME` from; `process.env` when unset. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The home directory for `~/.kube/config`; `HOME` (or the OS's home) when unset. */
  readonly homeDir?: string;
}
