import type { KubernetesVersion } from '../../kubernetes-version.js';

/** What `/version` answers (k8s.io/apimachinery pkg/version `Info`). */
export interface VersionInfo {
  readonly major: string;
  readonly minor: string;
  /** 1.33+: the compatibility version fields (KEP-4330), omitted before. */
  readonly emulationMajor?: string;
  readonly emulationMinor?: string;
  readonly minCompatibilityMajor?: string;
  readonly minCompatibilityMinor?: string;
  readonly gitVersion: string;
  readonly gitCommit: string;
  readonly gitTreeState: string;
  readonly buildDate: string;
  readonly goVersion: string;
  readonly compiler: string;
  readonly platform: string;
}

/**
 * What one kube-apiserver version does, as far as the fake models it: one flag per behaviour that
 * changed between 1.20 and 1.34, each with the upstream source that decides it (see
 * docs/fidelity.md). Derived from the minor version alone, so a flag can never disagree with the
 * version it belongs to.
 */
export interface VersionProfile {
  readonly version: KubernetesVersion;
  readonly minor: number;
  readonly info: VersionInfo;
  /**
   * 1.27+: `sendInitialEvents` is a list option, validated against the WatchList gate
   * (k8s.io/apimachinery pkg/apis/meta/internalversion/validation `validateWatchOptions`); before,
   * the parameter is unknown (ignored) and `resourceVersionMatch` is forbidden on every watch.
   */
  readonly sendInitialEventsKnown: boolean;
  /**
   * The WatchList feature gate's default (k8s.io/apiserver pkg/features/kube_features.go): alpha
   * and off in 1.27–1.31, beta and on in 1.32, off again in 1.33 ("the json and proto streaming
   * encoders appear to work better"), on in 1.34.
   */
  readonly watchListDefault: boolean;
  /**
   * 1.32+: the initial-events-end bookmark follows the initial events at once (kubernetes#127012,
   * cacher.go `setInitialEventsEndBookmarkIfRequested`, cache_watcher.go `processInterval`);
   * before, it waits for the cacher's bookmark timer (cacher.go `dispatchEvents`: every second,
   * jitter 0.25).
   */
  readonly initialEventsEndAtOnce: boolean;
  /**
   * 1.21+: the watch cache's etcd watch asks for progress notifications (EfficientWatchResumption,
   * beta and on in 1.21, GA 1.24), so its version, and its bookmarks, follow etcd's global
   * revision on quiet resources (cacher.go `dispatchEvents`: `lastProcessedResourceVersion` moves
   * with storage bookmarks too); 1.20 moves only with the resource's own events.
   */
  readonly progressNotify: boolean;
  /**
   * 1.31+: ConsistentListFromCache (beta, on): a consistent LIST waits for the cache to reach
   * etcd's current revision and is served from it, falling back to etcd after 3 s
   * (cacher.go `GetList`, delegator.go `GetList`); `resourceVersionMatch=NotOlderThan` with a
   * `limit` is served from the cache too (cacher.go `shouldDelegateList`, delegator/interface.go
   * `ShouldDelegateList`); and a streaming list needs etcd's RequestWatchProgress (cacher.go
   * `Watch`: a 500 ERROR event without it).
   */
  readonly consistentListFromCache: boolean;
  /**
   * 1.31+: ResilientWatchCacheInitialization (beta, on): while a watch cache (re)initializes,
   * WATCH and cache-served LISTs get 429 `storage is (re)initializing` with a Retry-After that grows
   * with the downtime (cacher.go `Watch`/`GetList`, ready.go `checkAndReadGeneration`, util.go
   * `calculateRetryAfterForUnreadyCache`); before, they wait until it is ready (ready.go `wait`).
   */
  readonly resilientCacheInitialization: boolean;
  /**
   * 1.21+: API Priority and Fairness names the flow schema and priority level of a rejected
   * request (priority-and-fairness.go `setResponseHeaders` on the `!served` path); 1.20 only
   * names them on requests it executes.
   */
  readonly flowControlHeadersOnReject: boolean;
  /**
   * 1.28+: APF's Retry-After follows the rejections of the priority level, 1 to 32 s
   * (k8s.io/apiserver pkg/util/flowcontrol/dropped_requests_tracker.go); before, always 1
   * (maxinflight.go `retryAfter`).
   */
  readonly dynamicRetryAfter: boolean;
  /** 1.22+: `managedFields[].subresource` names the subresource an entry was written through. */
  readonly managedFieldsSubresource: boolean;
  /**
   * 1.22+: the pod Table's RESTARTS is a string with the age of the last restart (`3 (2m ago)`);
   * 1.26+ shows `SchedulingGated`; 1.28+ counts restartable (sidecar) init containers
   * (kubernetes pkg/printers/internalversion/printers.go `printPod`).
   */
  readonly podRestartsWithAge: boolean;
  readonly podSchedulingGated: boolean;
  readonly podSidecars: boolean;
  /** 1.33+: pods get `metadata.generation`, bumped when their spec changes (KEP-5067). */
  readonly podGeneration: boolean;
}

const INFO: Readonly<Record<KubernetesVersion, VersionInfo>> = {
  // The real server the fidelity suite runs (scripts/kube-apiserver, Debian's build of v1.20.2).
  '1.20': {
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
  // The upstream release binaries of each x.y.0.
  '1.29': {
    major: '1',
    minor: '29',
    gitVersion: 'v1.29.0',
    gitCommit: '3f7a50f38688eb332e2a1b013678c6435d539ae6',
    gitTreeState: 'clean',
    buildDate: '2023-12-13T08:50:10Z',
    goVersion: 'go1.21.5',
    compiler: 'gc',
    platform: 'linux/amd64',
  },
  '1.32': {
    major: '1',
    minor: '32',
    gitVersion: 'v1.32.0',
    gitCommit: '70d3cc986aa8221cd1dfb1121852688902d3bf53',
    gitTreeState: 'clean',
    buildDate: '2024-12-11T17:59:15Z',
    goVersion: 'go1.23.3',
    compiler: 'gc',
    platform: 'linux/amd64',
  },
  '1.33': {
    major: '1',
    minor: '33',
    emulationMajor: '1',
    emulationMinor: '33',
    minCompatibilityMajor: '1',
    minCompatibilityMinor: '32',
    gitVersion: 'v1.33.0',
    gitCommit: '60a317eadfcb839692a68eab88b2096f4d708f4f',
    gitTreeState: 'clean',
    buildDate: '2025-04-23T13:00:14Z',
    goVersion: 'go1.24.2',
    compiler: 'gc',
    platform: 'linux/amd64',
  },
  '1.34': {
    major: '1',
    minor: '34',
    emulationMajor: '1',
    emulationMinor: '34',
    minCompatibilityMajor: '1',
    minCompatibilityMinor: '33',
    gitVersion: 'v1.34.0',
    gitCommit: 'f28b4c9efbca5c5c0af716d9f2d5702667ee8a45',
    gitTreeState: 'clean',
    buildDate: '2025-08-27T10:09:04Z',
    goVersion: 'go1.24.6',
    compiler: 'gc',
    platform: 'linux/amd64',
  },
};

/** The profile of a version; a `RangeError` for one the fake does not know. */
export function versionProfile(version: string): VersionProfile {
  const info = INFO[version as KubernetesVersion];
  if (info === undefined) {
    throw new RangeError(
      `kubernetesVersion must be one of ${Object.keys(INFO).join(', ')}, got ${JSON.stringify(version)}`,
    );
  }
  const minor = Number(info.minor);
  return {
    version: version as KubernetesVersion,
    minor,
    info,
    sendInitialEventsKnown: minor >= 27,
    watchListDefault: minor === 32 || minor >= 34,
    initialEventsEndAtOnce: minor >= 32,
    progressNotify: minor >= 21,
    consistentListFromCache: minor >= 31,
    resilientCacheInitialization: minor >= 31,
    flowControlHeadersOnReject: minor >= 21,
    dynamicRetryAfter: minor >= 28,
    managedFieldsSubresource: minor >= 22,
    podRestartsWithAge: minor >= 22,
    podSchedulingGated: minor >= 26,
    podSidecars: minor >= 28,
    podGeneration: minor >= 33,
  };
}
