import type { ServerResponse } from 'node:http';
import type { Chunker } from '../faults/fault-state.js';

/**
 * Writes `data` to a response, in random pieces when chunking is on (each piece becomes its own
 * HTTP chunk, so clients see lines and UTF-8 characters cut anywhere). Returns whether the socket
 * buffer is still below its high-water mark.
 */
export function writeBody(
  res: ServerResponse,
  data: string | Buffer,
  chunker: Chunker,
  done?: () => void,
): boolean {
  if (chunker === null) return res.write(data, done);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let ok = true;
  for (let at = 0; at < bytes.length; ) {
    const size = Math.min(chunker(), bytes.length - at);
    const piece = bytes.subarray(at, at + size);
    at += size;
    ok = at >= bytes.length && done ? res.write(piece, done) : res.write(piece);
  }
  if (bytes.length === 0 && done) done();
  return ok;
}
