/**
 * Response headers as `errorFromStatus` reads them: a lookup function (such as
 * `KubeResponse.header`) or a plain record with lower-case names.
 *
 * @example
 * ```ts
 * import type { KubeResponse } from '@rxkube/core/transport';
 * import type { HeaderSource } from '@rxkube/core/transport';
 * declare const response: KubeResponse;
 * const fromRecord: HeaderSource = { 'retry-after': '3' };
 * const fromResponse: HeaderSource = (name) => response.header(name);
 * ```
 */
export type HeaderSource =
  | ((name: string) => string | undefined)
  | Readonly<Record<string, string | undefined>>;
