/**
 * One warning the API server sent with a response (a `Warning` header, RFC 7234 §5.5): a
 * deprecated API version, a field that will be dropped, a value that is accepted but wrong.
 * kube-apiserver sends code 299 and agent `-`.
 *
 * @example
 * ```ts
 * import type { KubeWarning } from '@rxkube/core';
 * const warning: KubeWarning = { code: 299, agent: '-', text: 'example.com/v1alpha1 Widget is deprecated' };
 * ```
 */
export interface KubeWarning {
  /** The warn-code: 299 ("miscellaneous persistent warning") from kube-apiserver. */
  readonly code: number;
  /** The warn-agent: `-` from kube-apiserver. */
  readonly agent: string;
  /** The warning, unquoted. Server-controlled text: escape it before a terminal shows it. */
  readonly text: string;
}
