/** The longest delay Node and browsers keep: above it, a timer fires after 1 ms. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** A started {@link platformTimeout}: `cancel()` stops it (again is harmless). */
export interface PlatformTimeout {
  cancel(): void;
}

/**
 * Calls `callback` once after `delayMs`, the one way FakeApiServer starts a timer: a delay above
 * 2^31 - 1 ms (a client's `timeoutSeconds` of weeks) waits in steps instead of firing at once;
 * NaN or a negative delay fires on the next turn; `Infinity` never fires.
 *
 * @example
 * ```ts
 * const timer = platformTimeout(() => console.log('time up'), 40 * 24 * 3600 * 1000);
 * timer.cancel();
 * ```
 */
export function platformTimeout(callback: () => void, delayMs: number): PlatformTimeout {
  let handle: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  if (delayMs === Number.POSITIVE_INFINITY) return { cancel: () => undefined };
  const dueAt = performance.now() + (Number.isNaN(delayMs) ? 0 : Math.max(0, delayMs));
  const arm = () => {
    const left = dueAt - performance.now();
    handle = setTimeout(
      () => {
        if (cancelled) return;
        if (dueAt - performance.now() > 0) arm();
        else callback();
      },
      Math.min(Math.ceil(Math.max(0, left)), MAX_TIMER_DELAY_MS),
    );
  };
  arm();
  return {
    cancel: () => {
      cancelled = true;
      clearTimeout(handle);
    },
  };
}
