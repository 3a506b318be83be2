import { type MonoTypeOperatorFunction, map } from 'rxjs';
import type { Delta } from '../../collection/delta.js';
import type { KubeObject } from '../../kube-object.js';

/** Anything with a collection's deltas: `CollectionState`, an indexed or filtered one. */
export interface WithDeltas {
  readonly deltas: readonly Delta<KubeObject>[];
}

/**
 * Keeps the `modified` deltas for which `changed(previous, object)` holds, and every `added` and
 * `deleted` one; the rest of each state (its `items`, always current) passes unchanged, so a
 * state whose deltas all go still passes, with none.
 */
export function keepChanges<S extends WithDeltas>(
  changed: (previous: KubeObject, object: KubeObject) => boolean,
): MonoTypeOperatorFunction<S> {
  return map((state) => {
    const deltas = state.deltas.filter(
      (delta) => delta.type !== 'modified' || changed(delta.previous, delta.object),
    );
    return deltas.length === state.deltas.length ? state : { ...state, deltas };
  });
}

/** Two string maps (labels, annotations) hold the same entries; absent is empty. */
export function sameEntries(
  a: Readonly<Record<string, string>> | undefined,
  b: Readonly<Record<string, string>> | undefined,
): boolean {
  const left = Object.entries(a ?? {});
  if (left.length !== Object.keys(b ?? {}).length) return false;
  return left.every(([key, value]) => b?.[key] === value);
}
