import { Observable, type OperatorFunction } from 'rxjs';
import type { KubeObject } from '../../kube-object.js';
import { objectKey } from '../../object-key.js';
import type { WatchEvent } from '../../watch-event.js';
import type { ReflectorInput } from './reflector-input.js';

/**
 * Turns a streaming list (`sendInitialEvents`) into reflector inputs: the initial events are held
 * back until the bookmark that ends them, then delivered as one complete `listed` input;
 * everything after it passes through as events.
 */
export function collectInitialEvents<T extends KubeObject>(
  onListed: () => void,
): OperatorFunction<WatchEvent<T>, ReflectorInput<T>> {
  return (source) =>
    new Observable<ReflectorInput<T>>((subscriber) => {
      let initial: Map<string, T> | undefined = new Map();
      return source.subscribe({
        next(event) {
          if (initial === undefined) {
            subscriber.next({ type: 'event', event });
          } else if (event.type === 'BOOKMARK') {
            if (!event.initialEventsEnd) return;
            const items = [...initial.values()];
            initial = undefined;
            onListed();
            subscriber.next({ type: 'listed', items, resourceVersion: event.resourceVersion });
          } else if (event.type === 'DELETED') {
            initial.delete(objectKey(event.object));
          } else {
            initial.set(objectKey(event.object), event.object);
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}
