import type { ResourceVersion } from '../../../resource-version.js';

/**
 * What happened to the request (or timer) in flight: the loop's input.
 *
 * - `listed`: a complete list (a LIST, or a streaming list up to its initial-events-end bookmark);
 * - `accepted`: the server accepted the watch (`watch$`'s `onAccepted`);
 * - `progressed`: the watch delivered an event or bookmark at this version;
 * - `ended`: the server ended the stream cleanly (its `timeoutSeconds`);
 * - `failed`: the request failed with this error;
 * - `elapsed`: the wait is over;
 * - `initialEventsOverdue`: a streaming list went `initialEventsTimeoutMs` without ending.
 */
export type LoopOutcome =
  | { readonly type: 'listed'; readonly resourceVersion: ResourceVersion }
  | { readonly type: 'accepted' }
  | { readonly type: 'progressed'; readonly resourceVersion: ResourceVersion }
  | { readonly type: 'ended' }
  | { readonly type: 'failed'; readonly error: unknown }
  | { readonly type: 'elapsed' }
  | { readonly type: 'initialEventsOverdue' };
