import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { whileLeader } from '../../src/index.js';

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const statuses = { f: { leading: false }, t: { leading: true } };

describe('whileLeader', () => {
  it('subscribes to the source only while leading, and unsubscribes the moment leadership is lost', () => {
    newScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const election = hot('f-t--f--t-t--', statuses);
      const source = cold('-a-b-c-d');
      expectObservable(source.pipe(whileLeader(election)), '^ 12ms !').toBe('---a-----a-b-');
      expectSubscriptions(source.subscriptions).toBe(['--^--!', '--------^----!']);
    });
  });

  it('ignores repeated statuses with the same leadership', () => {
    newScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const election = hot('t-t-t', statuses);
      const source = cold('-a---');
      expectObservable(source.pipe(whileLeader(election)), '^ 4ms !').toBe('-a---');
      expectSubscriptions(source.subscriptions).toBe('^----!');
    });
  });

  it('completes when the election completes while not leading', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const election = hot('t--f|', statuses);
      const source = cold('-a');
      expectObservable(source.pipe(whileLeader(election))).toBe('-a--|');
    });
  });

  it('passes the source error through', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const election = hot('t----', statuses);
      const source = cold('-#');
      expectObservable(source.pipe(whileLeader(election))).toBe('-#');
    });
  });
});
