/** A per-second rate of a growing counter, averaged over a sliding window. */
export class RateMeter {
  private readonly samples: { at: number; count: number }[] = [];

  constructor(private readonly windowMs: number) {}

  /** Records the counter's value at `now` and returns the rate per second over the window. */
  sample(now: number, count: number): number {
    this.samples.push({ at: now, count });
    while (this.samples.length > 2) {
      const second = this.samples[1];
      if (second === undefined || now - second.at < this.windowMs) break;
      this.samples.shift();
    }
    const [first] = this.samples;
    if (first === undefined) throw new Error('RateMeter holds no sample right after recording one');
    const elapsed = now - first.at;
    return elapsed > 0 ? ((count - first.count) * 1_000) / elapsed : 0;
  }
}
