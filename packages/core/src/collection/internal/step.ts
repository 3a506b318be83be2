import { wireVersionOf } from '../../internal/object-identity.js';
import type { KubeObject } from '../../kube-object.js';
import { asResourceVersion } from '../../resource-version.js';
import type { CollectionHealth } from '../collection-health.js';
import type { Delta } from '../delta.js';
import { applyEvent } from './apply-event.js';
import { applyListing } from './apply-listing.js';
import type { ReflectorInput } from './reflector-input.js';
import type { ReflectorModel } from './reflector-model.js';

const LIVE: CollectionHealth = { status: 'live' };
const LISTING: CollectionHealth = { status: 'listing' };
const RELISTING: CollectionHealth = { status: 'relisting', error: undefined };

/**
 * The reducer: applies a batch of inputs that arrived together to the model, in one copy of the
 * cache. Pure: the previous model (and every snapshot emitted from it) is left untouched.
 *
 * Before the first complete list nothing is applied to the cache — events cannot arrive then —
 * so no reader ever sees half a list.
 *
 * A list alone never makes health `live`: `live` means synced AND watching, so it waits for the
 * `watching` input (the watch that follows was accepted). Until then health reads `listing` after
 * the first list and `relisting` after a relist (also when a retry showed `reconnecting` meanwhile).
 */
export function step<T extends KubeObject>(
  model: ReflectorModel<T>,
  inputs: readonly ReflectorInput<T>[],
): ReflectorModel<T> {
  const deltas: Delta<T>[] = [];
  let { resourceVersion, synced, health } = model;
  let { events, lists, relists, reconnects } = model.stats;
  let listedNow = false;

  const applyRun = (run: readonly ReflectorInput<T>[], start: number, end: number) =>
    items.withMutations((draft) => {
      for (let i = start; i < end; i++) {
        const input = run[i];
        if (input === undefined) throw new Error(`step: input ${i} of ${end} is missing`);
        switch (input.type) {
          case 'listed': {
            // A relist is diffed against the cache as it stands right now, after the inputs before it.
            applyListing(draft, items, input.items, deltas);
            resourceVersion = input.resourceVersion;
            if (health.status !== 'listing' && health.status !== 'relisting') {
              health = synced ? RELISTING : LISTING;
            }
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
          case 'watching': {
            if (input.resumed) reconnects++;
            if (health.status !== 'live') health = LIVE;
            break;
          }
          case 'health': {
            if (input.health.status === 'relisting' && health.status !== 'relisting') relists++;
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
