import type { KubernetesVersion } from '../kubernetes-version.js';

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
  /**
   * The version answered as unless `kubernetesVersion` says otherwise: 1.20, the newest release
   * that can be built and run here, so the one the fidelity suite compares the fake with byte for
   * byte (every capture and test of the fake was written against it). Newer versions are modelled
   * from upstream's source: pass the version your users run.
   */
  kubernetesVersion: '1.20' as KubernetesVersion,
  /**
   * The cacher's bookmark timer (k8s.io/apiserver cacher.go `dispatchEvents`): it ticks every
   * second, jittered by up to 25 %; before 1.32 a streaming list's initial-events-end bookmark
   * waits for its next tick.
   */
  bookmarkTimerMs: 1_000,
  bookmarkTimerJitter: 0.25,
  /** APF's Retry-After never grows beyond this (dropped_requests_tracker.go `maxRetryAfter`). */
  maxFlowControlRetryAfterSeconds: 32,
  /**
   * The Retry-After of a watch cache that (re)initializes: e^(0.06 · seconds it has been down),
   * within [1, 30] (k8s.io/apiserver cacher util.go `calculateRetryAfterForUnreadyCache`).
   */
  reinitializingRetryAfter: { factor: 0.06, minSeconds: 1, maxSeconds: 30 },
} as const;
