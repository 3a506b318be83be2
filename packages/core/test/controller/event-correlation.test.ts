import { describe, expect, it } from 'vitest';
import {
  type CorrelationState,
  correlate,
  emptyCorrelation,
  forget,
  remember,
} from '../../src/controller/internal/event-correlation.js';

const limits = { windowMs: 600_000, burst: 3, refillEveryMs: 300_000, cacheSize: 2 };

describe('event correlation', () => {
  it('creates, then increments within the window, then creates again after it', () => {
    let state: CorrelationState = emptyCorrelation;
    const step = (now: number) => {
      const result = correlate(state, 'pod-a', 'pod-a/Warning/Crash', now, limits);
      state = result.state;
      return result.decision;
    };
    expect(step(0)).toEqual({ type: 'create' });
    state = remember(state, 'pod-a/Warning/Crash', 'a.1', 1, 0, limits);
    expect(step(1_000)).toEqual({ type: 'patch', name: 'a.1', count: 2 });
    state = remember(state, 'pod-a/Warning/Crash', 'a.1', 2, 1_000, limits);
    // The window slides from the last write.
    expect(step(600_999)).toEqual({ type: 'patch', name: 'a.1', count: 3 });
  });

  it('drops beyond the burst, and refills one Event per period, for hours', () => {
    let state: CorrelationState = emptyCorrelation;
    const decisions: string[] = [];
    for (let i = 0; i < 5; i++) {
      const result = correlate(state, 'pod-a', `k${i}`, 0, limits);
      state = result.state;
      decisions.push(result.decision.type);
    }
    expect(decisions).toEqual(['create', 'create', 'create', 'drop', 'drop']);
    expect(correlate(state, 'pod-a', 'k', 299_999, limits).decision.type).toBe('drop');
    expect(correlate(state, 'pod-a', 'k', 300_000, limits).decision.type).toBe('create');
    // Hours later the bucket is full again, never fuller than the burst.
    let later = state;
    const afterHours: string[] = [];
    for (let i = 0; i < 4; i++) {
      const result = correlate(later, 'pod-a', `h${i}`, 5 * 3_600_000, limits);
      later = result.state;
      afterHours.push(result.decision.type);
    }
    expect(afterHours).toEqual(['create', 'create', 'create', 'drop']);
  });

  it('keeps a bounded memory, dropping the least recently used', () => {
    let state = remember(emptyCorrelation, 'a', 'a.1', 1, 0, limits);
    state = remember(state, 'b', 'b.1', 1, 0, limits);
    state = remember(state, 'a', 'a.1', 2, 1, limits);
    state = remember(state, 'c', 'c.1', 1, 2, limits);
    expect([...state.events.keys()]).toEqual(['a', 'c']);
    expect([...forget(state, 'a').events.keys()]).toEqual(['c']);
    expect([...state.events.keys()]).toEqual(['a', 'c']);
  });
});
