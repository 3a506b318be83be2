import type { BenchClient, BenchClientOptions } from './bench-client.js';
import { floorClient } from './floor-client.js';

/**
 * The earlier floor, kept for comparison: like `floorClient`, but reading every body through
 * `setEncoding('utf8')` (a `StringDecoder`) and string concatenation before splitting it on
 * newlines. Not the fastest plain client: the bytes become text a chunk at a time and the carried
 * text is copied again with each chunk.
 *
 * @example
 * ```ts
 * const old = stringFloorClient({ url, pageSize: 500, subscribers: 1, onApplied: () => {} });
 * await old.start();
 * ```
 */
export function stringFloorClient(options: BenchClientOptions): BenchClient {
  return floorClient(options, false, 'strings');
}
