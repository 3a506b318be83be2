import type { LoopContext } from './loop-step.js';

const MS_PER_SECOND = 1_000;

/**
 * The timeouts of one streaming list or watch: the server-side `timeoutSeconds`, drawn at random
 * within `watchTimeoutSeconds` (as client-go's reflector does, so that many watches do not end
 * together), and the idle timeout a little beyond it, after which a silent stream counts as
 * stalled.
 */
export function watchTimeouts(context: LoopContext): {
  readonly timeoutSeconds: number;
  readonly idleTimeoutMs: number;
} {
  const { min, max } = context.config.watchTimeoutSeconds;
  const timeoutSeconds = min + Math.floor(context.random() * (max - min));
  return {
    timeoutSeconds,
    idleTimeoutMs: timeoutSeconds * MS_PER_SECOND + context.config.idleMarginMs,
  };
}
