import { KubeError, type KubeErrorOptions } from './kube-error.js';

/**
 * Which part of a request path an {@link InvalidPathSegmentError} is about.
 *
 * @example
 * ```ts
 * import type { PathSegmentKind } from '@rxkube/core/errors';
 * const kind: PathSegmentKind = 'namespace';
 * ```
 */
export type PathSegmentKind = 'group' | 'version' | 'resource' | 'namespace' | 'name';

/** Options of an {@link InvalidPathSegmentError}. */
export interface InvalidPathSegmentErrorOptions extends KubeErrorOptions {
  /** The segment at fault. */
  readonly segment: PathSegmentKind;
}

/**
 * A namespace, name, resource, version or group that cannot be one segment of an API path:
 * `.`, `..`, empty (for a name), or containing `/` or `%`. Such a value would address another
 * path than the caller meant (`namespace: '..'` is the cluster-wide collection), so the request
 * is never sent, as client-go's request builder refuses it. Not retryable.
 *
 * @example
 * ```ts
 * import { InvalidPathSegmentError } from '@rxkube/core';
 * import { resourcePath } from '@rxkube/core/transport';
 * try {
 *   resourcePath({ version: 'v1', resource: 'secrets', namespace: '..' });
 * } catch (error) {
 *   if (error instanceof InvalidPathSegmentError) console.error(error.segment); // 'namespace'
 * }
 * ```
 */
export class InvalidPathSegmentError extends KubeError {
  readonly reason = 'InvalidPathSegment' as const;
  readonly segment: PathSegmentKind;

  constructor(message: string, options: InvalidPathSegmentErrorOptions) {
    super(message, { ...options, retryable: false });
    this.segment = options.segment;
  }
}
