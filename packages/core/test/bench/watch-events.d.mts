/** One MODIFIED event line of pod `web-${i}` (about 1.3 KB of JSON). */
export function podEvent(i: number): string;

/** Bytes per chunk, as a socket would deliver them. */
export const CHUNK_BYTES: number;

/** `events` pod events as lines, as bytes, as chunks, and parsed. */
export function watchStream(events: number): {
  lines: string[];
  bytes: Uint8Array;
  chunks: Uint8Array[];
  parsed: unknown[];
};
