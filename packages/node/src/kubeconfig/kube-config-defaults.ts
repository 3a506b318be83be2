/**
 * Every default of kubeconfig loading, in-cluster configuration and authentication, each with
 * the reason it has this value. Nothing else in these modules spells a number or a well-known
 * path.
 *
 * @example
 * ```ts
 * import { kubeConfigDefaults } from '@rxkube/node';
 * console.log(kubeConfigDefaults.tokenFileRefreshMs); // 60000
 * ```
 */
export const kubeConfigDefaults = {
  /** Where kubectl looks when `KUBECONFIG` is unset: `<home>/.kube/config`. */
  homeConfigPath: ['.kube', 'config'] as const,
  /** The environment variable kubectl reads a list of kubeconfig files from. */
  kubeconfigEnv: 'KUBECONFIG',
  /** The namespace a context without one means, as for kubectl. */
  namespace: 'default',
  /**
   * How long a token read from a file is trusted before the file is read again. A projected
   * service-account token is rotated by the kubelet well before it expires (at 80% of its
   * lifetime, at least an hour), and client-go re-reads such files once a minute: the same here.
   * A 401 answer makes the next request re-read the file at once.
   */
  tokenFileRefreshMs: 60_000,
  /** Where the kubelet mounts a pod's service-account token, CA bundle and namespace. */
  serviceAccountDir: '/var/run/secrets/kubernetes.io/serviceaccount',
  /** The `interactiveMode` of a `v1beta1` exec plugin that does not name one (kubectl's default). */
  execInteractiveModeV1beta1: 'IfAvailable',
  /**
   * The most bytes an exec credential plugin may print. An ExecCredential is a few kilobytes
   * (a token, or a certificate and key); anything near this is a broken plugin, not a credential.
   */
  execMaxOutputBytes: 1024 * 1024,
  /**
   * How long an exec credential plugin may run before it is ended and the request fails with
   * `ExecTimeout`. client-go has no bound, so a plugin that hangs (or leaves a child holding its
   * output) blocks every request for ever. Two minutes leave room for an interactive login in a
   * browser (kubelogin, `aws sso login`), while a hung plugin still fails in bounded time.
   */
  execTimeoutMs: 120_000,
} as const;

/**
 * The same object as {@link kubeConfigDefaults}, under its first name.
 *
 * @deprecated Use `kubeConfigDefaults`, named as every other defaults object of rxkube
 * (`collectionDefaults`, `controllerDefaults`, …).
 *
 * @example
 * ```ts
 * import { KUBE_CONFIG_DEFAULTS, kubeConfigDefaults } from '@rxkube/node';
 * console.log(KUBE_CONFIG_DEFAULTS === kubeConfigDefaults); // true
 * ```
 */
export const KUBE_CONFIG_DEFAULTS = kubeConfigDefaults;
