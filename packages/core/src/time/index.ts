// `@rxkube/core/time`: how rxkube waits and measures durations, for the packages built on the core
// and for applications that want the same guarantees: every delay reaches a timer within the
// range timers honour, and every duration comes from a clock that never steps.

export { afterDelay } from './after-delay.js';
export { monotonicNow } from './monotonic-now.js';
export { monotonicScheduler } from './monotonic-scheduler.js';
export { scheduleAfter } from './schedule-after.js';
export type { ScheduleAfterOptions } from './schedule-after-options.js';
export { scheduleEvery } from './schedule-every.js';
export { maxTimerDelayMs, timerDelay } from './timer-delay.js';
