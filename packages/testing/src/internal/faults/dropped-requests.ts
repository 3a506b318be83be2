import { DEFAULTS } from '../defaults.js';

/**
 * The Retry-After API Priority and Fairness gives rejected requests of one priority level, from
 * 1.28 (k8s.io/apiserver pkg/util/flowcontrol/dropped_requests_tracker.go): it starts at 1 s; at
 * the first rejection of a new second it looks at the rejections of the `retryAfter` seconds
 * before: at least 3 × `retryAfter` of them double it (at most once per `retryAfter` seconds, up
 * to 32), fewer than `retryAfter` take one second off. Rejections are counted per whole second of
 * `clock()` (ms).
 */
export class DroppedRequests {
  private retryAfter = 1;
  private lastIncrease = 0;
  private currentSecond = 0;
  private currentCount = 0;
  private history: { second: number; count: number }[] = [];

  constructor(private readonly clock: () => number = Date.now) {}

  /** Counts one rejection now and returns the Retry-After to send with it, in seconds. */
  reject(): number {
    this.record(Math.floor(this.clock() / 1_000));
    return this.retryAfter;
  }

  private record(second: number): void {
    if (second === this.currentSecond) {
      this.currentCount++;
      return;
    }
    this.history.push({ second: this.currentSecond, count: this.currentCount });
    const keep = Math.min(2 * this.retryAfter, DEFAULTS.maxFlowControlRetryAfterSeconds);
    this.history = this.history.filter((h) => second - h.second <= keep);
    this.currentSecond = second;
    this.currentCount = 1;
    this.adjust(second);
  }

  private adjust(second: number): void {
    let dropped = 0;
    for (const h of this.history) {
      if (second - h.second <= this.retryAfter && h.second < second) dropped += h.count;
    }
    if (second - this.lastIncrease >= this.retryAfter && dropped >= 3 * this.retryAfter) {
      this.retryAfter = Math.min(2 * this.retryAfter, DEFAULTS.maxFlowControlRetryAfterSeconds);
      this.lastIncrease = second;
    } else if (dropped < this.retryAfter && this.retryAfter > 1) {
      this.retryAfter--;
    }
  }
}
