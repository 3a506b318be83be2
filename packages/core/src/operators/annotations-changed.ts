import type { MonoTypeOperatorFunction } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import { keepChanges, sameEntries } from './internal/keep-changes.js';

/**
 * Lets through only the modifications that change `metadata.annotations` (and every addition
 * and deletion): controller-runtime's `AnnotationChangedPredicate`, kube-rs's
 * `predicates::annotations`. `items` stay complete and current; only the deltas are filtered.
 *
 * @example
 * ```ts
 * import { annotationsChanged, cachedCollection$ } from '@rxkube/core';
 * cachedCollection$(client, { version: 'v1', resource: 'services', namespace: 'shop' })
 *   .pipe(annotationsChanged())
 *   .subscribe((state) => console.log(state.deltas.length, 'annotation changes'));
 * ```
 */
export function annotationsChanged<
  S extends Pick<CollectionState, 'deltas'>,
>(): MonoTypeOperatorFunction<S> {
  return keepChanges<S>(
    (previous, object) =>
      !sameEntries(previous.metadata?.annotations, object.metadata?.annotations),
  );
}
