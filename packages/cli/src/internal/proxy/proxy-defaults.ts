/** The defaults of `rxkube proxy`, each with its reason. One place, so no code path carries a magic number. */
export const proxyDefaults = {
  /** `--port`: kubectl proxy's. */
  port: 8001,
  /** `--address`: loopback only, as kubectl proxy: the proxy holds the user's credentials. */
  address: '127.0.0.1',
  /** `--www-prefix`: kubectl proxy's. */
  wwwPrefix: '/static/',
  /** `--api-prefix`: kubectl proxy's. */
  apiPrefix: '/',
  /**
   * `--accept-hosts`: kubectl proxy's `DefaultHostAcceptRE`. A page on another name that resolves
   * to 127.0.0.1 (DNS rebinding) cannot reach the cluster through the proxy.
   */
  acceptHosts: '^localhost$,^127\\.0\\.0\\.1$,^\\[::1\\]$',
  /** `--accept-paths`: kubectl proxy's `DefaultPathAcceptRE`, every path. */
  acceptPaths: '^.*',
  /**
   * `--reject-paths`: kubectl proxy's `DefaultPathRejectRE`. exec and attach run commands in
   * containers, which a page should never do through a proxy it merely reaches.
   */
  rejectPaths: '^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach',
  /** `--reject-methods`: kubectl proxy's `DefaultMethodRejectRE`, none. */
  rejectMethods: '^$',
  /**
   * Largest forwarded request body: kube-apiserver's own limit for a request body (3 MiB), which
   * it would refuse anyway.
   */
  maxRequestBodyBytes: 3 * 1024 * 1024,
  /**
   * A socket's send buffer above this pauses reading from the upstream responses of its requests
   * until it drains below `lowWaterBytes`: memory per socket stays bounded when the page reads
   * slower than the cluster writes.
   */
  highWaterBytes: 1024 * 1024,
  /** See `highWaterBytes`. */
  lowWaterBytes: 256 * 1024,
  /**
   * `--max-streams`: most requests open at once in the whole proxy (each holds a connection to
   * the API server): thirty pages of thirty collections, and still a few thousand descriptors in
   * all. Lowered to what the descriptor limit allows (`proxyCaps`).
   */
  maxStreams: 1024,
  /**
   * `--max-streams-per-client`: most requests open at once for one client (an address and a
   * page's origin): far above thirty collections of a page, and a quarter of `maxStreams`, so
   * one client cannot take every stream.
   */
  maxStreamsPerClient: 256,
  /** Most client connections served at once (each a descriptor); lowered as `maxStreams` is. */
  maxConnections: 1024,
  /**
   * Descriptors kept for everything but streams and client connections: standard streams, the
   * event loop's, the listening socket, `--www` files being sent, DNS, the kubeconfig and its
   * files, an exec plugin's pipes. A proxy at rest holds about 20.
   */
  reservedDescriptors: 64,
  /**
   * `Retry-After` of a request refused for a cap: kube-apiserver's own when its max-in-flight
   * limit refuses one (1 s).
   */
  refusedRetryAfterSeconds: 1,
  /**
   * Headers of every answer but the `--www` files' (forwarded or the proxy's own). A page served
   * from inside the cluster (a service's or a pod's `/proxy/`) would otherwise run its scripts on
   * the proxy's origin, and write with the user's credentials: `sandbox` gives it an opaque
   * origin and no scripts. `nosniff` keeps a JSON or text answer from being run as a script.
   */
  apiResponseHeaders: {
    'content-security-policy': 'sandbox',
    'x-content-type-options': 'nosniff',
  },
} as const;
