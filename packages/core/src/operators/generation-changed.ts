import type { MonoTypeOperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import { keepChanges } from './internal/keep-changes.js';

/**
 * Lets through only the modifications that change `metadata.generation` (and every addition and
 * deletion): the API server raises the generation on changes to an object's spec, not to its
 * status or metadata, so a controller fed through this does not run again for its own status
 * writes. controller-runtime's `GenerationChangedPredicate`, kube-rs's `predicates::generation`.
 *
 * `items` stay complete and current: only the deltas are filtered (a state whose deltas all go
 * still passes, with none), so a reconcile started for another reason sees the latest object.
 * An object without a generation (most built-in kinds without a spec, such as ConfigMaps) lets
 * every modification through, as kube-rs does: there is nothing to compare.
 *
 * @example
 * ```ts
 * import { cachedCollection$, controller$, generationChanged, shareCollection } from '@rxkube/core';
 * const apps$ = cachedCollection$(client, { group: 'example.com', version: 'v1', resource: 'apps' })
 *   .pipe(generationChanged(), shareCollection());
 * controller$({ primary: apps$, reconcile: async (key) => console.log('spec changed:', key) }).subscribe();
 * ```
 */
export function generationChanged<
  S extends Pick<CollectionState, 'deltas'>,
>(): MonoTypeOperatorFunction<S> {
  return keepChanges<S>((previous, object) => {
    const before = previous.metadata?.generation;
    const after = object.metadata?.generation;
    return before === undefined || after === undefined || before !== after;
  });
}
