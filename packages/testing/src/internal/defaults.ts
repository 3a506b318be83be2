/**
 * Every default of the fake in one place, each with the reason it has that value.
 */
export const DEFAULTS = {
  /** Loopback only: a test server is never reachable from elsewhere. */
  host: '127.0.0.1',
  /** Any free port, so parallel suites never collide. */
  port: 0,
  /** Watch events kept per resource; kube-apiserver's watch cache keeps 100–1000 per resource. */
  historyLimit: 1000,
  /** kube-apiserver sends a bookmark to each bookmark-enabled watcher about once a minute. */
  bookmarkIntervalMs: 60_000,
  /** kube-apiserver sends one more bookmark this long before a watch's `timeoutSeconds` ends. */
  bookmarkBeforeTimeoutMs: 2_000,
  /** kube-apiserver's watch cache waits up to 3 s for a version it has not seen before a 504. */
  resourceVersionWaitMs: 3_000,
  /** One apiserver: what a test without replicas expects. */
  replicas: 1,
  /** kube-apiserver 1.20's watch cache moves only with its own resource's events (no progress notifications). */
  cacheVersion: 'resource' as 'resource' | 'global',
  /** What kube-apiserver puts in `retryAfterSeconds` of a "Too large resource version" 504. */
  tooLargeRetryAfterSeconds: 1,
  /** A 429 without an explicit value asks for one second, as API Priority and Fairness does. */
  tooManyRequestsRetryAfterSeconds: 1,
  /** kube-apiserver refuses request bodies above 3 MiB. */
  maxRequestBodyBytes: 3 * 1024 * 1024,
  /** Random chunks are at most this long: small enough to split most multibyte characters. */
  chunkMaxBytes: 16,
  /** A watcher that stops reading is cut off above this much unsent data (kube-apiserver drops slow watchers). */
  watchBufferLimitBytes: 256 * 1024 * 1024,
  /** `waitFor` gives up after this long: well below vitest's test timeout. */
  waitForTimeoutMs: 5_000,
  /** `waitFor` polls this often: fast enough for tests, cheap for two cores. */
  waitForIntervalMs: 5,
  /** `generateName` appends this many random characters, as kube-apiserver does. */
  generateNameSuffixLength: 5,
  /** Who writes through the JavaScript methods, in `managedFields` (HTTP writes: their User-Agent). */
  testFieldManager: 'rxkube-testing',
  /** kube-apiserver's manager for a request with neither `?fieldManager=` nor a User-Agent. */
  unknownFieldManager: 'unknown',
  /** kube-apiserver cuts a manager taken from the User-Agent at this many bytes. */
  fieldManagerMaxLength: 128,
  /** kube-apiserver keeps this many Update entries in `managedFields` before merging the oldest. */
  maxUpdateManagers: 10,
  /** The entry kube-apiserver merges the oldest Update entries into. */
  ancientChangesManager: 'ancient-changes',
  /** The proxy status `faults.htmlError` answers with unless told otherwise. */
  htmlErrorStatus: 502,
  /** How kube-apiserver 1.20 identifies itself on `/version`. */
  version: {
    major: '1',
    minor: '20',
    gitVersion: 'v1.20.2',
    gitCommit: 'faecb196815e248d3ecfb03c680a4507229c2a56',
    gitTreeState: 'clean',
    buildDate: '2021-01-13T13:20:00Z',
    goVersion: 'go1.15.5',
    compiler: 'gc',
    platform: 'linux/amd64',
  },
} as const;
