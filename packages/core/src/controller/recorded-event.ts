/**
 * What to record: a `Normal` or `Warning` Event with a CamelCase `reason` and a human `message`.
 *
 * @example
 * ```ts
 * import type { RecordedEvent } from '@rxkube/core/controller';
 * const event: RecordedEvent = { type: 'Warning', reason: 'PodsMissing', message: '2 of 3 pods missing' };
 * ```
 */
export interface RecordedEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
  /** What was done or failed (`action` of events.k8s.io), optional. */
  readonly action?: string;
}
