import { wireVersionOf } from '../../../internal/object-identity.js';
import type { KubeObject } from '../../../kube-object.js';
import { asResourceVersion, type ResourceVersion } from '../../../resource-version.js';
import type { WatchEvent } from '../../../watch-event.js';

/** The newest version a batch of events reached: its last event with one. */
export function newestVersion(
  events: readonly WatchEvent<KubeObject>[],
): ResourceVersion | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event === undefined) continue;
    if (event.type === 'BOOKMARK') return event.resourceVersion;
    const version = wireVersionOf(event.object);
    if (version !== undefined) return asResourceVersion(version);
  }
  return undefined;
}
