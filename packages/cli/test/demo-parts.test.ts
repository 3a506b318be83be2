import type { CollectionHealth } from '@rxkube/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { churnTick, spendCredit, startChurnClock } from '../src/internal/demo/churn-clock.js';
import { startChurn } from '../src/internal/demo/churn-driver.js';
import { demoSummary, faultSummaryLines } from '../src/internal/demo/demo-summary.js';
import { scheduleFaults } from '../src/internal/demo/fault-schedule.js';
import { healthChanges } from '../src/internal/demo/health-changes.js';
import { createPalette } from '../src/internal/render/palette.js';

describe('the churn clock', () => {
  const options = { rate: 25, checkIntervalMs: 1_000, live: true };

  it('owes writes at the rate, fractions carried over to the next tick', () => {
    let clock = startChurnClock(0, 1_000);
    clock = churnTick(clock, 100, options).clock;
    expect(clock.credit).toBeCloseTo(2.5);
    expect(spendCredit(clock.credit, () => 1)).toBeCloseTo(0.5);
    clock = churnTick({ ...clock, credit: 0.5 }, 200, options).clock;
    expect(clock.credit).toBeCloseTo(3);
  });

  it('owes nothing before the cache is live, and does not catch up afterwards', () => {
    let clock = startChurnClock(0, 1_000);
    clock = churnTick(clock, 5_000, { ...options, live: false }).clock;
    expect(clock.credit).toBe(0);
    clock = churnTick(clock, 5_100, options).clock;
    expect(clock.credit).toBeCloseTo(2.5);
  });

  it('asks for a comparison once per interval, on the interval grid', () => {
    let clock = startChurnClock(0, 1_000);
    const checks: number[] = [];
    for (let now = 100; now <= 3_050; now += 100) {
      const tick = churnTick(clock, now, options);
      if (tick.check) checks.push(now);
      clock = tick.clock;
    }
    expect(checks).toEqual([1_000, 2_000, 3_000]);
  });

  it('spends whole writes only, counts writes made several at a time, stops when none can be made', () => {
    const made: number[] = [];
    expect(
      spendCredit(3.7, () => {
        made.push(1);
        return 1;
      }),
    ).toBeCloseTo(0.7);
    expect(made).toHaveLength(3);
    expect(spendCredit(5, () => 2)).toBe(-1);
    expect(spendCredit(5, () => 0)).toBe(5);
    expect(spendCredit(0.9, () => 1)).toBe(0.9);
  });
});

describe('the churn driver and the fault schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes at the rate once live and compares every interval, until stopped', () => {
    vi.useFakeTimers({ now: 0 });
    let live = false;
    const writes: number[] = [];
    let checks = 0;
    const stop = startChurn({
      rate: 50,
      tickMs: 100,
      checkIntervalMs: 1_000,
      write: (now) => {
        writes.push(now);
        return 1;
      },
      check: () => {
        checks += 1;
      },
      live: () => live,
    });
    vi.advanceTimersByTime(1_000);
    expect(writes).toEqual([]);
    expect(checks).toBe(1);
    live = true;
    vi.advanceTimersByTime(2_000);
    expect(writes).toHaveLength(100);
    expect(checks).toBe(3);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(writes).toHaveLength(100);
    expect(checks).toBe(3);
  });

  it('injects the first fault after half an interval, then one per interval, until stopped', () => {
    vi.useFakeTimers({ now: 0 });
    const at: number[] = [];
    const stop = scheduleFaults(2_000, () => at.push(Date.now()));
    vi.advanceTimersByTime(7_000);
    expect(at).toEqual([1_000, 3_000, 5_000, 7_000]);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(at).toHaveLength(4);
  });

  it('injects nothing when stopped before the first fault', () => {
    vi.useFakeTimers({ now: 0 });
    const inject = vi.fn();
    scheduleFaults(2_000, inject)();
    vi.advanceTimersByTime(10_000);
    expect(inject).not.toHaveBeenCalled();
  });
});

describe('the demo summary', () => {
  const palette = createPalette(false, {});

  it('lists each kind of fault in the cycle order, the first four times, then how many more', () => {
    const faults = [
      ...[1, 9, 17, 25, 33, 41].map((at) => ({ kind: 'drop' as const, at })),
      { kind: 'compaction' as const, at: 5.25 },
    ];
    expect(faultSummaryLines(faults)).toEqual([
      'dropped connections ×6 at 1.0, 9.0, 17.0, 25.0, … (2 more) s',
      'compaction (410) ×1 at 5.3 s',
    ]);
    expect(faultSummaryLines([])).toEqual([]);
  });

  it('reports the figures and a divergence of 0 as equal', () => {
    const text = demoSummary(
      {
        elapsedSeconds: 6.04,
        serverObjects: 2_000,
        writes: 300,
        stats: { events: 420, lists: 2, relists: 1, reconnects: 3 },
        faults: [
          { kind: 'drop', at: 1 },
          { kind: 'stall', at: 3 },
        ],
        divergence: { missing: 0, extra: 0, stale: 0, total: 0 },
      },
      palette,
    );
    expect(text.split('\n')).toEqual([
      '',
      'rxkube demo: 6.0 s, 2000 pods',
      '  writes           300',
      '  events applied   420',
      '  lists            2 (1 relist)',
      '  reconnects       3',
      '  faults           dropped connections ×1 at 1.0 s',
      '                   stall ×1 at 3.0 s',
      '  divergence       0: the cache equals the server',
      '',
    ]);
  });

  it('says what differs, or that the cache never synced', () => {
    const outcome = {
      elapsedSeconds: 1,
      serverObjects: 10,
      writes: 0,
      stats: { events: 0, lists: 0, relists: 0, reconnects: 0 },
      faults: [],
    };
    const diverged = demoSummary(
      { ...outcome, divergence: { missing: 1, extra: 2, stale: 3, total: 6 } },
      palette,
    );
    expect(diverged).toContain('  divergence       6 (1 missing, 2 extra, 3 stale)');
    expect(diverged).toContain('  faults           none');
    expect(diverged).toContain('  lists            0 (0 relists)');
    expect(demoSummary({ ...outcome, divergence: undefined }, palette)).toContain(
      '  divergence       not synced',
    );
  });
});

describe('healthChanges', () => {
  it('logs a change of status and each new reconnect attempt, never a repeat', () => {
    const logged: string[] = [];
    const log = healthChanges((health) => logged.push(health.status));
    const live: CollectionHealth = { status: 'live' };
    const reconnecting = (attempt: number): CollectionHealth => ({
      status: 'reconnecting',
      attempt,
      delayMs: 100,
      error: new Error('dropped'),
    });
    for (const health of [live, live, reconnecting(1), reconnecting(1), reconnecting(2), live]) {
      log(health);
    }
    expect(logged).toEqual(['live', 'reconnecting', 'reconnecting', 'live']);
  });
});
