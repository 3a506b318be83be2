import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** Sampling interval: fine enough to see per-event functions of a few microseconds. */
const SAMPLING_INTERVAL_US = 200;

/**
 * Records CPU profiles of chosen windows of this process (the sync, the events), so that
 * start-up and the forced GCs of the heap measurement stay out of them.
 *
 * @example
 * ```ts
 * const profiler = new CpuProfiler();
 * await profiler.start();
 * await work();
 * await profiler.stop('/tmp/work.cpuprofile');
 * ```
 */
export class CpuProfiler {
  readonly #session = new Session();
  #running = false;

  async start(): Promise<void> {
    if (this.#running) return;
    if (!this.#connected) {
      this.#session.connect();
      await this.#session.post('Profiler.enable');
      await this.#session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
      this.#connected = true;
    }
    await this.#session.post('Profiler.start');
    this.#running = true;
  }

  async stop(file: string): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    const { profile } = await this.#session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  }

  #connected = false;
}
