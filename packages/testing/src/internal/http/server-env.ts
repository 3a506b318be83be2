import type { FaultState } from '../faults/fault-state.js';
import type { Replica } from '../replicas/replica.js';
import type { ReplicaSet } from '../replicas/replica-set.js';
import type { Cluster } from '../store/cluster.js';
import type { WatchStream } from '../watch/watch-stream.js';

/** The options the handlers need, defaults applied. */
export interface ResolvedOptions {
  readonly historyLimit: number;
  readonly opaqueVersions: boolean;
  readonly bookmarkIntervalMs: number;
  readonly streamingLists: boolean;
  readonly watchCache: boolean;
  readonly watchExpiredAs: 'event' | 'http';
  readonly resourceVersionWaitMs: number;
  readonly cacheVersion: 'resource' | 'global';
  /** Whether metadata-only reads (`as=PartialObjectMetadata`) are served. */
  readonly partialObjectMetadata: boolean;
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

/**
 * Resolves when the cluster reaches `revision` (true) or after `resourceVersionWaitMs` (false),
 * or at once (false) when the request goes away or the server closes.
 */
export function waitForRevision(
  env: ServerEnv,
  revision: number,
  abandoned: { once(event: 'close', listener: () => void): unknown },
): Promise<boolean> {
  if (env.cluster.revision >= revision) return Promise.resolve(true);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      env.disposables.delete(dispose);
      resolve(value);
    };
    const dispose = () => settle(false);
    const timer = setTimeout(() => settle(false), env.options.resourceVersionWaitMs);
    const unsubscribe = env.cluster.onRevision(() => {
      if (env.cluster.revision >= revision) settle(true);
    });
    env.disposables.add(dispose);
    abandoned.once('close', dispose);
  });
}
