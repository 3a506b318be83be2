/**
 * A frame the server sends over the multiplexing WebSocket (one JSON object per text frame). For
 * each request: one `head` (status and headers), then `data` frames carrying the body as UTF-8
 * text (never splitting a character), then `end`; or `error` when the upstream request fails
 * (before or after `head`). Nothing follows `end` or `error` for that id.
 *
 * @example
 * ```ts
 * import type { MuxServerFrame } from '@rxkube/core/transport';
 * const frame: MuxServerFrame = { t: 'head', id: 1, status: 200, headers: { 'content-type': 'application/json' } };
 * ```
 */
export type MuxServerFrame =
  | {
      readonly t: 'head';
      readonly id: number;
      readonly status: number;
      /** Response headers, by lower-case name. */
      readonly headers: Readonly<Record<string, string>>;
      /**
       * `true`: the server honours the request's `window` (never sends body bytes beyond the
       * credit granted so far) and accepts `credit` frames for this request.
       */
      readonly windowed?: true;
    }
  | { readonly t: 'data'; readonly id: number; readonly data: string }
  | { readonly t: 'end'; readonly id: number }
  | {
      readonly t: 'error';
      readonly id: number;
      readonly message: string;
      /** `'encoding'`: the upstream body was not UTF-8 (the client raises `DecodeError` kind `'encoding'`). */
      readonly kind?: 'encoding';
    };
