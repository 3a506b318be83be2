import { CliError } from '../cli-error.js';
import { proxyDefaults } from './proxy-defaults.js';
import type { StreamCaps } from './stream-limits.js';

/** The caps of a proxy: its streams (in all, and per client) and the connections it serves. */
export interface ProxyCaps extends StreamCaps {
  /** Client connections served at once; the ones over it are answered 503 and closed. */
  readonly maxConnections: number;
}

/**
 * The caps of a proxy whose process may open `descriptorLimit` files (`undefined`: unknown), with
 * `--max-streams` and `--max-streams-per-client` when given. Each stream holds one connection to
 * the API server and each client connection one descriptor, so streams and connections share
 * what the limit leaves above `proxyDefaults.reservedDescriptors`, half each at most: the proxy
 * refuses a stream before the system refuses a descriptor, and never resets a connection for
 * want of one. A client's share is at most a quarter of the streams, so four clients at their
 * cap still leave room for more.
 */
export function proxyCaps(
  descriptorLimit: number | undefined,
  requested: { readonly maxStreams?: number; readonly maxStreamsPerClient?: number } = {},
): ProxyCaps {
  const budget =
    descriptorLimit === undefined
      ? proxyDefaults.maxStreams + proxyDefaults.maxConnections
      : descriptorLimit - proxyDefaults.reservedDescriptors;
  const most = Math.floor(budget / 2);
  if (most < 1) {
    throw new CliError(
      `the process may open ${descriptorLimit} files (ulimit -n), too few for a proxy: at least ${proxyDefaults.reservedDescriptors + 2} are needed`,
    );
  }
  if (requested.maxStreams !== undefined && requested.maxStreams > most) {
    throw new CliError(
      `--max-streams=${requested.maxStreams} needs more files than the process may open (ulimit -n ${descriptorLimit}): at most ${most}`,
    );
  }
  const maxStreams = requested.maxStreams ?? Math.min(proxyDefaults.maxStreams, most);
  if (requested.maxStreamsPerClient !== undefined && requested.maxStreamsPerClient > maxStreams) {
    throw new CliError(
      `--max-streams-per-client=${requested.maxStreamsPerClient} is more than --max-streams (${maxStreams})`,
    );
  }
  const fairShare = Math.max(1, Math.floor(maxStreams / 4));
  return {
    maxStreams,
    maxStreamsPerClient:
      requested.maxStreamsPerClient ?? Math.min(proxyDefaults.maxStreamsPerClient, fairShare),
    maxConnections: Math.min(proxyDefaults.maxConnections, budget - maxStreams),
  };
}
