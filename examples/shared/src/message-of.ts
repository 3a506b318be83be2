/**
 * The message of an error, or the thrown value as text.
 *
 * @example
 * ```ts
 * import { messageOf } from './message-of.js';
 * messageOf(new Error('gone')); // 'gone'
 * ```
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
