import {
  distinctUntilChanged,
  EMPTY,
  type MonoTypeOperatorFunction,
  map,
  type Observable,
  switchMap,
} from 'rxjs';

/**
 * Runs the source only while this replica leads: subscribes to it when `election$` says
 * `leading: true`, and unsubscribes from it the moment it says `leading: false` (so a controller's
 * running reconciles are aborted at once). Subscribes again when leadership comes back. Completes
 * when the election completes (after a graceful stop) and the source is not running.
 *
 * `election$` is subscribed once per subscription of the result: share it if it is used elsewhere.
 *
 * @example
 * ```ts
 * import { leaderElection$, whileLeader } from '@rxkube/core';
 * import { interval } from 'rxjs';
 * const election$ = leaderElection$(client, { namespace: 'default', name: 'ticker', identity: 'a' });
 * interval(1000).pipe(whileLeader(election$)).subscribe((n) => console.log('leading, tick', n));
 * ```
 */
export function whileLeader<T>(
  election$: Observable<{ readonly leading: boolean }>,
): MonoTypeOperatorFunction<T> {
  return (source) =>
    election$.pipe(
      map((status) => status.leading),
      distinctUntilChanged(),
      switchMap((leading) => (leading ? source : EMPTY)),
    );
}
