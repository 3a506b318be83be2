import type { CollectionStats, CollectionUpdate, Delta, KubeObject } from '@rxkube/core';
import type { CollectionResult } from '../collection-result.js';

const NO_ITEMS: ReadonlyMap<string, never> = new Map<string, never>();
const NO_DELTAS: readonly never[] = [];
const NO_STATS: CollectionStats = { events: 0, lists: 0, relists: 0, reconnects: 0 };

/** What a collection shows before anything arrived: `listing`, no items. */
export function initialView<T extends KubeObject>(key: string | undefined): CollectionResult<T> {
  return {
    key,
    items: NO_ITEMS as ReadonlyMap<string, T>,
    deltas: NO_DELTAS as readonly Delta<T>[],
    resourceVersion: undefined,
    health: { status: 'listing' },
    synced: false,
    stats: NO_STATS,
    error: undefined,
  };
}

/**
 * The view after `update`. A health change before the first list keeps the (empty) items. A synced
 * state replaces items, deltas and version, except that a state which changed only health (core
 * emits the same items and no deltas) keeps the deltas with the items they made: `deltas` always
 * tells how `items` came to be, so a render that skipped emissions still sees the latest changes.
 */
export function viewAfterUpdate<T extends KubeObject>(
  view: CollectionResult<T>,
  update: CollectionUpdate<T>,
): CollectionResult<T> {
  if (!update.synced) return { ...view, health: update.health, stats: update.stats };
  const healthOnly = update.items === view.items && update.deltas.length === 0;
  return {
    key: view.key,
    items: update.items,
    deltas: healthOnly ? view.deltas : update.deltas,
    resourceVersion: update.resourceVersion,
    health: update.health,
    synced: true,
    stats: update.stats,
    error: view.error,
  };
}

/** The view after the stream ended with a permanent error: `failed`, the last items kept. */
export function viewAfterFailure<T extends KubeObject>(
  view: CollectionResult<T>,
  error: unknown,
): CollectionResult<T> {
  const health =
    view.health.status === 'failed' ? view.health : ({ status: 'failed', error } as const);
  return { ...view, health, error };
}
