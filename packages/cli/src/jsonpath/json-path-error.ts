import { KubeError } from '@rxkube/core';

/**
 * A JSONPath template that cannot be read (kubectl's `-o jsonpath=` dialect), or a lookup that
 * cannot be done (an index out of range without `allowMissingKeys`). The message names the
 * template and what is wrong with it.
 *
 * @example
 * ```ts
 * import { JsonPathError, parseJsonPath } from '@rxkube/cli';
 * try {
 *   parseJsonPath('{.items[*}');
 * } catch (error) {
 *   if (error instanceof JsonPathError) console.log(error.reason, error.message);
 * }
 * ```
 */
export class JsonPathError extends KubeError {
  readonly reason = 'JsonPath' as const;

  constructor(message: string) {
    super(message, { retryable: false });
  }
}
