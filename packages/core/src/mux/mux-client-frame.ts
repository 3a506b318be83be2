/**
 * A frame the client sends over the multiplexing WebSocket (one JSON object per text frame):
 * `req` starts request `id` (ids are chosen by the client, unique among its open requests);
 * `cancel` ends it early and releases the upstream request.
 *
 * Flow control: a `req` with `window` lets the server send that many body bytes (UTF-8 bytes of
 * `data` frames) before it must wait; a server that honours it says so with `windowed` in its
 * `head`, and only then does the client send `credit` frames, each allowing `bytes` more as its
 * reader consumes the body. A server without flow control ignores `window` (and never sees a
 * `credit` frame), so both sides of the protocol stay compatible.
 *
 * @example
 * ```ts
 * import type { MuxClientFrame } from '@rxkube/core/transport';
 * const frame: MuxClientFrame = {
 *   t: 'req', id: 1, method: 'GET', path: '/api/v1/pods', query: { watch: true }, streaming: true,
 * };
 * ```
 */
export type MuxClientFrame =
  | {
      readonly t: 'req';
      readonly id: number;
      readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      /** The absolute API path, as in `KubeRequest.path`. */
      readonly path: string;
      readonly query?: Readonly<Record<string, string | number | boolean>>;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
      /** A long-lived response (a watch): no body timeout upstream. */
      readonly streaming?: boolean;
      /** The stream's initial credit in body bytes (an integer, at least 4); absent: no flow control. */
      readonly window?: number;
    }
  | { readonly t: 'cancel'; readonly id: number }
  /** Allows `bytes` (a positive integer) more body bytes on request `id`; sent only after a `windowed` head. */
  | { readonly t: 'credit'; readonly id: number; readonly bytes: number };
