import type { KubeObject } from '../../../kube-object.js';
import type { ResourceVersion } from '../../../resource-version.js';
import type { CollectionInput } from '../collection-input.js';

/**
 * What the loop asks its edge to do, in order. A request command (`list`, `stream`, `watch`,
 * `wait`) replaces the one in flight, and its outcomes carry its `request` id; `emit` hands an
 * input to the cache; `fail` ends the stream.
 *
 * - `list`: LIST, paginated or not, at a version (`"0"` only for the very first list);
 * - `stream`: a streaming list, given up after `initialEventsTimeoutMs` without its end;
 * - `watch`: a watch from `resourceVersion`, asking the server to end it after `timeoutSeconds`
 *   and declared stalled after `idleTimeoutMs` without a byte;
 * - `wait`: a timer, then `elapsed`;
 * - `emit`: this input for the cache (a list, events, health);
 * - `fail`: end the stream with this error (whatever is in flight is cancelled).
 */
export type LoopCommand =
  | {
      readonly type: 'list';
      readonly request: number;
      readonly resourceVersion: ResourceVersion | '0' | undefined;
      readonly resourceVersionMatch: 'NotOlderThan' | undefined;
      readonly paginated: boolean;
    }
  | {
      readonly type: 'stream';
      readonly request: number;
      readonly resourceVersion: ResourceVersion | '0' | undefined;
      readonly timeoutSeconds: number;
      readonly idleTimeoutMs: number;
      readonly initialEventsTimeoutMs: number;
    }
  | {
      readonly type: 'watch';
      readonly request: number;
      readonly resourceVersion: ResourceVersion;
      readonly timeoutSeconds: number;
      readonly idleTimeoutMs: number;
    }
  | { readonly type: 'wait'; readonly request: number; readonly delayMs: number }
  | { readonly type: 'emit'; readonly input: CollectionInput<KubeObject> }
  | { readonly type: 'fail'; readonly error: unknown };
