import type { ResourceVersion } from '../../../resource-version.js';
import type { CollectionHealth } from '../../collection-health.js';

/**
 * What the loop asks its edge to do. A request command (`list`, `stream`, `watch`, `wait`)
 * replaces the one in flight; the others tell the reducer or end the stream.
 *
 * - `list`: LIST, paginated or not, at a version (`"0"` only for the very first list);
 * - `stream`: a streaming list, given up after `initialEventsTimeoutMs` without its end;
 * - `watch`: a watch from `resourceVersion`, asking the server to end it after `timeoutSeconds`
 *   and declared stalled after `idleTimeoutMs` without a byte;
 * - `wait`: a timer, then `elapsed`;
 * - `report`: new health for the reducer;
 * - `watching`: tell the reducer a watch was accepted (`resumed`: after a failure);
 * - `fail`: end the stream with this error.
 */
export type LoopCommand =
  | {
      readonly type: 'list';
      readonly resourceVersion: ResourceVersion | '0' | undefined;
      readonly resourceVersionMatch: 'NotOlderThan' | undefined;
      readonly paginated: boolean;
    }
  | {
      readonly type: 'stream';
      readonly resourceVersion: ResourceVersion | '0' | undefined;
      readonly timeoutSeconds: number;
      readonly idleTimeoutMs: number;
      readonly initialEventsTimeoutMs: number;
    }
  | {
      readonly type: 'watch';
      readonly resourceVersion: ResourceVersion;
      readonly timeoutSeconds: number;
      readonly idleTimeoutMs: number;
    }
  | { readonly type: 'wait'; readonly delayMs: number }
  | { readonly type: 'report'; readonly health: CollectionHealth }
  | { readonly type: 'watching'; readonly resumed: boolean }
  | { readonly type: 'fail'; readonly error: unknown };
