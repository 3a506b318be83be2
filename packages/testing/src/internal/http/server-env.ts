import type { FaultState } from '../faults/fault-state.js';
import type { VersionProfile } from '../profiles/version-profile.js';
import type { Replica } from '../replicas/replica.js';
import type { ReplicaSet } from '../replicas/replica-set.js';
import type { Cluster } from '../store/cluster.js';
import type { WatchStream } from '../streams/watch-stream.js';

/** The options the handlers need, defaults applied. */
export interface ResolvedOptions {
  readonly historyLimit: number;
  readonly opaqueVersions: boolean;
  readonly bookmarkIntervalMs: number;
  /** The kube-apiserver version answered as. */
  readonly profile: VersionProfile;
  /**
   * The WatchList gate: `'unknown'` before 1.27 (`sendInitialEvents` is not a list option),
   * else whether streaming lists are served (the version's default, or `streamingLists`).
   */
  readonly watchList: WatchListGate;
  readonly watchCache: boolean;
  readonly watchExpiredAs: 'event' | 'http';
  readonly resourceVersionWaitMs: number;
  readonly cacheVersion: 'resource' | 'global';
  /** Whether metadata-only reads (`as=PartialObjectMetadata`) are served. */
  readonly partialObjectMetadata: boolean;
}

/** How a server treats `sendInitialEvents`: see {@link ResolvedOptions.watchList}. */
export type WatchListGate = 'unknown' | 'off' | 'on';

/** The WatchList gate of a version, unless `streamingLists` sets it (on turns 1.20's rules into 1.27's). */
export function watchListGate(
  profile: VersionProfile,
  streamingLists: boolean | undefined,
): WatchListGate {
  if (streamingLists === true) return 'on';
  if (!profile.sendInitialEventsKnown) return 'unknown';
  return (streamingLists ?? profile.watchListDefault) ? 'on' : 'off';
}

/** Everything a request handler works with. */
export interface ServerEnv {
  readonly cluster: Cluster;
  readonly faults: FaultState;
  readonly options: ResolvedOptions;
  readonly watches: Set<WatchStream>;
  /** `host:port` the server listens on (for discovery). */
  readonly address: () => string;
  /** Cleanups run by `close()` (pending timers of waiting requests). */
  readonly disposables: Set<() => void>;
  /** The apiserver replicas in front of the one store. */
  readonly replicas: ReplicaSet;
  /** The replica serving this request (the first one outside requests). */
  readonly replica: Replica;
}
