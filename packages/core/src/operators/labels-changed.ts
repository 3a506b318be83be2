import type { MonoTypeOperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import { keepChanges, sameEntries } from './internal/keep-changes.js';

/**
 * Lets through only the modifications that change `metadata.labels` (and every addition and
 * deletion): controller-runtime's `LabelChangedPredicate`, kube-rs's `predicates::labels`.
 * `items` stay complete and current; only the deltas are filtered. Chained after another of
 * these predicates it requires both changes at once; to let either through, `map` the deltas
 * yourself with both tests.
 *
 * @example
 * ```ts
 * import { cachedCollection$, labelsChanged } from '@rxkube/core';
 * cachedCollection$(client, { version: 'v1', resource: 'nodes' })
 *   .pipe(labelsChanged())
 *   .subscribe((state) => console.log(state.deltas.map((d) => d.key)));
 * ```
 */
export function labelsChanged<
  S extends Pick<CollectionState, 'deltas'>,
>(): MonoTypeOperatorFunction<S> {
  return keepChanges<S>(
    (previous, object) => !sameEntries(previous.metadata?.labels, object.metadata?.labels),
  );
}
