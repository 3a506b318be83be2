import { describe, expect, it } from 'vitest';
import { controllerDefaults } from '../../src/controller/controller-defaults.js';
import type { WorkQueueInput } from '../../src/controller/internal/work-queue-input.js';
import {
  initialWorkQueueState,
  type WorkQueueState,
} from '../../src/controller/internal/work-queue-state.js';
import { stepWorkQueue } from '../../src/controller/internal/work-queue-step.js';

const config = {
  ...controllerDefaults,
  concurrency: 2,
  backoff: {
    initialMs: controllerDefaults.backoff.baseMs,
    maxMs: controllerDefaults.backoff.maxMs,
    factor: 2,
    jitter: 0,
  },
};
const run = (inputs: WorkQueueInput[], state = initialWorkQueueState(0, 100)) => {
  const started: string[] = [];
  for (const input of inputs) {
    const step = stepWorkQueue(state, input, config);
    state = step.state;
    started.push(...step.start.map((s) => `${s.key}#${s.attempt}`));
  }
  return { state, started };
};

describe('stepWorkQueue', () => {
  it('starts nothing before the first snapshot, however many keys were added', () => {
    const { started, state } = run([{ type: 'add', keys: ['a', 'b', 'a'], now: 0 }]);
    expect(started).toEqual([]);
    expect(state.ready.size).toBe(2);
  });

  it('leaves the state it is given untouched', () => {
    const before = run([{ type: 'synced', keys: ['a', 'b', 'c'], now: 0 }]).state;
    const copy = {
      ready: before.ready.size,
      running: new Map(before.running),
      dirty: new Map(before.dirty),
    };
    stepWorkQueue(
      before,
      { type: 'finished', key: 'a', outcome: { type: 'failed' }, now: 1 },
      config,
    );
    expect({
      ready: before.ready.size,
      running: new Map(before.running),
      dirty: new Map(before.dirty),
    }).toEqual(copy); // the same entries, in any order
  });

  const cases: {
    name: string;
    inputs: WorkQueueInput[];
    started: string[];
    check?: (s: WorkQueueState) => void;
  }[] = [
    {
      name: 'a change to a running key is held until it finishes, then runs once',
      inputs: [
        { type: 'synced', keys: ['a'], now: 0 },
        { type: 'add', keys: ['a'], now: 1 },
        { type: 'add', keys: ['a'], now: 2 },
        { type: 'finished', key: 'a', outcome: { type: 'done' }, now: 3 },
      ],
      started: ['a#1', 'a#1'],
    },
    {
      name: 'a failed key waits for its backoff, then runs as attempt 2',
      inputs: [
        { type: 'synced', keys: ['a'], now: 0 },
        { type: 'finished', key: 'a', outcome: { type: 'failed' }, now: 1 },
        { type: 'wake', now: 5 },
        { type: 'wake', now: 6 },
      ],
      started: ['a#1', 'a#2'],
      check: (s) => expect(s.retries).toBe(1),
    },
    {
      name: 'a change to a key in backoff runs it at once and drops the delayed run',
      inputs: [
        { type: 'synced', keys: ['a'], now: 0 },
        { type: 'finished', key: 'a', outcome: { type: 'failed' }, now: 1 },
        { type: 'add', keys: ['a'], now: 2 },
        { type: 'finished', key: 'a', outcome: { type: 'done' }, now: 3 },
        { type: 'wake', now: 100 },
      ],
      started: ['a#1', 'a#2'],
      check: (s) => expect(s.delayed.size).toBe(0),
    },
    {
      name: 'stop starts nothing more',
      inputs: [
        { type: 'synced', keys: ['a', 'b', 'c'], now: 0 },
        { type: 'stop' },
        { type: 'finished', key: 'a', outcome: { type: 'done' }, now: 1 },
      ],
      started: ['a#1', 'b#1'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { started, state } = run(c.inputs);
      expect(started).toEqual(c.started);
      c.check?.(state);
    });
  }
});
