/**
 * Settles in the event loop's check phase, after the immediates queued before it.
 *
 * undici writes a request on an idle keep-alive socket only from an immediate (first it lets the
 * loop notice a server that closed the socket). A request started while a body arrived, such as
 * the next LIST page asked for at the head of this one, is queued that way. Ending the body's read
 * here puts that request on the wire before the caller goes on to parse what it read, so the
 * server prepares the next page meanwhile.
 *
 * @example
 * ```ts
 * setImmediate(() => console.log('first'));
 * await afterImmediates();
 * console.log('then'); // after 'first'
 * ```
 */
export function afterImmediates(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
