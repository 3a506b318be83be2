/**
 * A frame the client sends over the multiplexing WebSocket (one JSON object per text frame):
 * `req` starts request `id` (ids are chosen by the client, unique among its open requests);
 * `cancel` ends it early and releases the upstream request.
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
    }
  | { readonly t: 'cancel'; readonly id: number };
