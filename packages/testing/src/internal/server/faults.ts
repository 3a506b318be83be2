import type { ChunkingOptions } from '../../faults/chunking-options.js';
import type { DestroyWatchesOptions } from '../../faults/destroy-watches-options.js';
import type { EmptyWatchesOptions } from '../../faults/empty-watches-options.js';
import type { FailNextOptions } from '../../faults/fail-next-options.js';
import type { FakeApiServerFaults } from '../../faults/fake-api-server-faults.js';
import type { HtmlErrorOptions } from '../../faults/html-error-options.js';
import type { PersistentFaultOptions } from '../../faults/persistent-fault-options.js';
import type { StallWatchesOptions } from '../../faults/stall-watches-options.js';
import type { ThrottleOptions } from '../../faults/throttle-options.js';
import type { WatchErrorOptions } from '../../faults/watch-error-options.js';
import { DEFAULTS } from '../defaults.js';
import type { ServerEnv } from '../http/server-env.js';
import * as status from '../status.js';

/** `server.faults`: the public switches over the fault state and the open watches. */
export function createFaults(env: ServerEnv): FakeApiServerFaults {
  const { faults } = env;
  const openWatches = () => [...env.watches];
  return {
    endWatches: () => {
      for (const w of openWatches()) w.end();
    },
    destroyWatches: (options: DestroyWatchesOptions = {}) => {
      for (const w of openWatches()) w.destroy(options.midLine ?? false);
    },
    chunking: (options: ChunkingOptions | false) => faults.chunking(options),
    failNext: (options: FailNextOptions) => faults.failNext(options),
    throttle: (options: ThrottleOptions = {}) => faults.throttle(options),
    stallWatches: ({ stalled = true }: StallWatchesOptions = {}) => {
      faults.stalled = stalled;
      if (!stalled) for (const w of openWatches()) w.resume();
    },
    malformedLine: () => {
      for (const w of openWatches()) w.corruptNextLine();
    },
    emptyWatches: ({ count = 1 }: EmptyWatchesOptions = {}) => {
      faults.emptyWatches += count;
    },
    compact: () => env.cluster.compact(),
    htmlError: ({ count = 1, status = DEFAULTS.htmlErrorStatus }: HtmlErrorOptions = {}) =>
      faults.htmlError(count, status),
    oversizedLine: (bytes: number) => {
      for (const w of openWatches()) w.oversized(bytes);
    },
    watchError: (options: WatchErrorOptions = {}) => {
      const s = status.failure(
        options.code ?? 500,
        options.reason ?? 'InternalError',
        options.message ?? 'Internal error occurred: injected fault',
      );
      for (const w of openWatches()) w.error(s);
    },
    persist: (options: PersistentFaultOptions) => faults.persistent.arm(options, env.cluster.codec),
    reset: () => {
      faults.reset();
      for (const w of openWatches()) w.flush();
    },
  };
}
