/**
 * Injects a fault every `everyMs`, the first after half an interval, so that short runs see more
 * of them. Returns the function that stops it.
 */
export function scheduleFaults(everyMs: number, inject: () => void): () => void {
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    inject();
    interval = setInterval(inject, everyMs);
  }, everyMs / 2);
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
