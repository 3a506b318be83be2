/**
 * A CPU profile that does not hold together: a sample or a child naming a node the profile does
 * not have.
 *
 * @example
 * ```ts
 * const error = new ProfileFormatError('a sample names node 7, which the profile does not have');
 * error.reason; // 'ProfileFormat'
 * ```
 */
export class ProfileFormatError extends Error {
  readonly reason = 'ProfileFormat' as const;

  constructor(message: string) {
    super(message);
    this.name = 'ProfileFormatError';
  }
}
