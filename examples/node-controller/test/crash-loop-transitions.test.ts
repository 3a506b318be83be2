import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { crashLoopTransitions } from '../src/crash-loop-transitions.js';
import { pod, state } from './support.js';

const key = (name: string) => `shop/${name}`;

function scheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('crashLoopTransitions', () => {
  it('reports a pod once when it enters CrashLoopBackOff, not on each further restart', () => {
    const healthy = pod('web-0', 'running');
    const crashing = pod('web-0', 'crashing', 1);
    const crashingAgain = pod('web-0', 'crashing', 2);
    scheduler().run(({ cold, expectObservable }) => {
      const states = cold('a-b-c', {
        a: state({ type: 'added', key: key('web-0'), object: healthy }),
        b: state({ type: 'modified', key: key('web-0'), object: crashing, previous: healthy }),
        c: state({
          type: 'modified',
          key: key('web-0'),
          object: crashingAgain,
          previous: crashing,
        }),
      });
      expectObservable(states.pipe(crashLoopTransitions())).toBe('--e--', {
        e: { type: 'entered', key: key('web-0'), pod: crashing, containers: ['app'], restarts: 1 },
      });
    });
  });

  it('reports pods that are already crash-looping in the initial list', () => {
    const crashing = pod('web-1', 'crashing', 7);
    scheduler().run(({ cold, expectObservable }) => {
      const states = cold('a', {
        a: state(
          { type: 'added', key: key('web-0'), object: pod('web-0', 'running') },
          { type: 'added', key: key('web-1'), object: crashing },
        ),
      });
      expectObservable(states.pipe(crashLoopTransitions())).toBe('e', {
        e: { type: 'entered', key: key('web-1'), pod: crashing, containers: ['app'], restarts: 7 },
      });
    });
  });

  it('reports recovery, and deletion of a crash-looping pod, once each', () => {
    const crashing = pod('web-0', 'crashing', 3);
    const recovered = pod('web-0', 'running', 3);
    const other = pod('web-1', 'crashing', 1);
    scheduler().run(({ cold, expectObservable }) => {
      const states = cold('a-b-c', {
        a: state({ type: 'modified', key: key('web-0'), object: recovered, previous: crashing }),
        b: state({ type: 'modified', key: key('web-0'), object: recovered, previous: recovered }),
        c: state({ type: 'deleted', key: key('web-1'), object: other, previous: other }),
      });
      expectObservable(states.pipe(crashLoopTransitions())).toBe('r---g', {
        r: { type: 'recovered', key: key('web-0'), pod: recovered },
        g: { type: 'gone', key: key('web-1'), pod: other },
      });
    });
  });

  it('ignores deleted pods that were healthy', () => {
    const healthy = pod('web-0', 'running');
    scheduler().run(({ cold, expectObservable }) => {
      const states = cold('a', {
        a: state({ type: 'deleted', key: key('web-0'), object: healthy }),
      });
      expectObservable(states.pipe(crashLoopTransitions())).toBe('-');
    });
  });
});
