import { wireVersionOf } from '../../internal/object-identity.js';
import type { KubeObject } from '../../kube-object.js';
import { asResourceVersion } from '../../resource-version.js';
import type { Delta } from '../delta.js';
import { applyEvent } from './apply-event.js';
import { applyListing } from './apply-listing.js';
import type { CollectionInput } from './collection-input.js';
import type { CollectionModel } from './collection-model.js';

/**
 * The cache's one transition: applies a batch of inputs that arrived together to the model, in
 * one copy of the cache. Pure: the previous model (and every snapshot emitted from it) is left
 * untouched.
 *
 * It decides what the cache holds, never health: health comes from the loop as it is (`health`
 * inputs), and is only counted here (`stats.relists`, `stats.reconnects`). Before the first
 * complete list nothing is applied to the cache — events cannot arrive then — so no reader ever
 * sees half a list.
 */
export function reduceCollection<T extends KubeObject>(
  model: CollectionModel<T>,
  inputs: readonly CollectionInput<T>[],
): CollectionModel<T> {
  const deltas: Delta<T>[] = [];
  let { resourceVersion, synced, health } = model;
  let { events, lists, relists, reconnects } = model.stats;
  let listedNow = false;

  const applyRun = (run: readonly CollectionInput<T>[], start: number, end: number) =>
    items.withMutations((draft) => {
      for (let i = start; i < end; i++) {
        const input = run[i];
        if (input === undefined)
          throw new Error(`reduceCollection: input ${i} of ${end} is missing`);
        switch (input.type) {
          case 'listed': {
            // A relist is diffed against the cache as it stands right now, after the inputs before it.
            applyListing(draft, items, input.items, deltas);
            resourceVersion = input.resourceVersion;
            synced = true;
            listedNow = true;
            lists++;
            break;
          }
          case 'events': {
            for (const event of input.events) {
              if (event.type === 'BOOKMARK') {
                resourceVersion = event.resourceVersion;
                continue;
              }
              applyEvent(draft, event.type, event.object, deltas);
              const version = wireVersionOf(event.object);
              if (version !== undefined) resourceVersion = asResourceVersion(version);
              events++;
            }
            break;
          }
          case 'health': {
            if (input.count === 'relists') relists++;
            else if (input.count === 'reconnects') reconnects++;
            health = input.health;
            break;
          }
        }
      }
    });

  let items = model.items;
  let start = 0;
  for (const [i, input] of inputs.entries()) {
    if (input.type !== 'listed') continue;
    items = applyRun(inputs, start, i);
    items = applyRun(inputs, i, i + 1);
    start = i + 1;
  }
  items = applyRun(inputs, start, inputs.length);

  const changed = synced
    ? deltas.length > 0 || listedNow || health !== model.health
    : health !== model.health;
  return {
    items,
    resourceVersion,
    synced,
    health,
    stats:
      events === model.stats.events &&
      lists === model.stats.lists &&
      relists === model.stats.relists &&
      reconnects === model.stats.reconnects
        ? model.stats
        : { events, lists, relists, reconnects },
    deltas,
    changed,
  };
}
