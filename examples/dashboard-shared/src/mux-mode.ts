/** How the page talks to the API: over `rxkube proxy`'s WebSocket when offered, always, or never. */
export type MuxMode = 'auto' | 'always' | 'never';

/**
 * The mode a page asks for with its `mux` query parameter, else `fallback`.
 *
 * @example
 * ```ts
 * muxMode(new URL('http://127.0.0.1:8001/dashboard/?mux=never'), 'auto'); // 'never'
 * ```
 */
export function muxMode(page: URL, fallback: MuxMode): MuxMode {
  const requested = page.searchParams.get('mux');
  return requested === 'auto' || requested === 'always' || requested === 'never'
    ? requested
    : fallback;
}
