import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawTimers } from './raw-timers.js';

const packages = (name: string) => fileURLToPath(new URL(`../../../${name}/src`, import.meta.url));

/**
 * Node and browsers fire a timer whose delay is above 2^31 - 1 ms after 1 ms, and RxJS's
 * `asyncScheduler` reads the wall clock: every wait of the library goes through `scheduleAfter`
 * on `monotonicScheduler` (`@rxkube/core/time`), the one place that hands a delay to a timer.
 */
describe('every timer of the library', () => {
  it.each(['core', 'node', 'angular', 'cli', 'react'])(
    'in @rxkube/%s starts through @rxkube/core/time',
    (name) => {
      const inTime = (file: string) => name === 'core' && file.startsWith('time/');
      expect(rawTimers(packages(name), inTime)).toEqual([]);
    },
  );

  // FakeApiServer cannot depend on core (core tests with it): its one timer helper is its own.
  it('in @rxkube/testing starts through its own clamping helper', () => {
    const helper = (file: string) => file === join('internal', 'platform-timeout.ts');
    expect(rawTimers(packages('testing'), helper)).toEqual([]);
  });
});

describe('the raw-timer finder', () => {
  it('finds each way of starting a timer without the helper', () => {
    const found = rawTimers(
      fileURLToPath(new URL('./raw-timers-sample', import.meta.url)),
      () => false,
    );
    expect(found.map((t) => t.call)).toEqual([
      'rxjs asyncScheduler',
      'rxjs timer',
      'setTimeout',
      'globalThis.setInterval',
      'AbortSignal.timeout',
      'scheduler.schedule',
    ]);
  });
});
