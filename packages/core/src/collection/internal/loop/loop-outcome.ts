import type { KubeObject } from '../../../kube-object.js';
import type { ResourceVersion } from '../../../resource-version.js';
import type { WatchEvent } from '../../../watch-event.js';

/**
 * What happened to a request (or timer): the loop's input. `request` is the id of the command
 * that started it; the loop ignores the outcome of any request but the one in flight (it was
 * replaced, and its news are stale).
 *
 * - `listed`: a LIST's every page, as one list;
 * - `accepted`: the server accepted the watch (`watch$`'s `onAccepted`);
 * - `events`: a watch (or streaming list) delivered these events, in order;
 * - `ended`: the server ended the stream cleanly (its `timeoutSeconds`);
 * - `failed`: the request failed with this error;
 * - `elapsed`: the wait is over;
 * - `initialEventsOverdue`: a streaming list went `initialEventsTimeoutMs` without ending.
 */
export type LoopOutcome = { readonly request: number } & (
  | {
      readonly type: 'listed';
      readonly items: readonly KubeObject[];
      readonly resourceVersion: ResourceVersion;
    }
  | { readonly type: 'accepted' }
  | { readonly type: 'events'; readonly events: readonly WatchEvent<KubeObject>[] }
  | { readonly type: 'ended' }
  | { readonly type: 'failed'; readonly error: unknown }
  | { readonly type: 'elapsed' }
  | { readonly type: 'initialEventsOverdue' }
);
