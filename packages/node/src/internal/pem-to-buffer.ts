/** A PEM as Node's TLS options take it: text as is, bytes as a `Buffer` over the same memory. */
export function pemToBuffer(value: string | Uint8Array): string | Buffer {
  return typeof value === 'string'
    ? value
    : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}
