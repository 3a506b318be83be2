/**
 * How `faults.chunking` splits response bodies: random chunk sizes from a seeded generator, so
 * lines and multibyte UTF-8 characters are cut at arbitrary bytes, the same way every run.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type ChunkingOptions } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * const chunks: ChunkingOptions = { random: true, seed: 42, maxChunkBytes: 7 };
 * server.faults.chunking(chunks);
 * await server.close();
 * ```
 */
export interface ChunkingOptions {
  readonly random: true;
  /** Seed of the chunk sizes; default 1. */
  readonly seed?: number;
  /** Largest chunk in bytes; default 16. */
  readonly maxChunkBytes?: number;
}
