import { KubeError, type KubeErrorOptions } from './kube-error.js';

/** Options of an {@link UnknownResourceError}. */
export interface UnknownResourceErrorOptions extends KubeErrorOptions {
  /** The resource asked for, as written (`podz`). */
  readonly resource: string;
  /** The group version that serves no such resource (`v1`, `apps/v1`). */
  readonly groupVersion: string;
  /** The served resource it most likely means (`pods`), when one is near. */
  readonly suggestion?: string | undefined;
}

/**
 * The server serves the group version of a ref, but no resource of that name in it: a misspelled
 * `resource` (`podz`), or a custom resource whose definition is not installed while others of
 * its group are. Its message names the resource and the closest one served (`did you mean
 * "pods"?`). Not retryable: `cachedCollection$` fails with it at once instead of retrying the
 * 404 forever; to wait for a resource that will be installed later, set `waitForResource`.
 *
 * @example
 * ```ts
 * import { cachedCollection$, UnknownResourceError } from '@rxkube/core';
 * cachedCollection$(client, { version: 'v1', resource: 'podz' }).subscribe({
 *   error: (error) => {
 *     if (error instanceof UnknownResourceError) console.error(error.message, error.suggestion);
 *     // the server has no resource "podz" in v1: did you mean "pods"? pods
 *   },
 * });
 * ```
 */
export class UnknownResourceError extends KubeError {
  readonly reason = 'UnknownResource' as const;
  /** The resource asked for. */
  readonly resource: string;
  /** The group version asked in. */
  readonly groupVersion: string;
  /** The served resource it most likely means, if any. */
  readonly suggestion: string | undefined;

  constructor(options: UnknownResourceErrorOptions) {
    const { resource, groupVersion, suggestion, ...rest } = options;
    const hint = suggestion === undefined ? '' : `: did you mean "${suggestion}"?`;
    super(`the server has no resource "${resource}" in ${groupVersion}${hint}`, {
      ...rest,
      retryable: false,
    });
    this.resource = resource;
    this.groupVersion = groupVersion;
    this.suggestion = suggestion;
  }
}
