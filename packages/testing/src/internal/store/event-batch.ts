/**
 * The wire lines of the events one resource committed during one turn of the event loop. Every
 * watch without filters receives all of them, so they are joined and encoded once and the same
 * bytes are written to each such watch.
 */
export class EventBatch {
  readonly lines: string[] = [];
  private encoded: { readonly count: number; readonly bytes: Buffer } | undefined;

  /** Appends a line; returns its index. */
  add(line: string): number {
    this.lines.push(line);
    return this.lines.length - 1;
  }

  /** Lines `from` (inclusive) to `to` (exclusive); the whole batch is encoded only once. */
  slice(from: number, to: number): Buffer | string {
    if (from === 0 && to === this.lines.length) {
      if (this.encoded?.count !== to) {
        this.encoded = { count: to, bytes: Buffer.from(this.lines.join(''), 'utf8') };
      }
      return this.encoded.bytes;
    }
    return this.lines.slice(from, to).join('');
  }
}
