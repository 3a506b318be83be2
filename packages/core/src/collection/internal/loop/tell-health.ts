import type { KubeObject } from '../../../kube-object.js';
import type { CollectionHealth } from '../../collection-health.js';
import type { CollectionInput } from '../collection-input.js';
import type { LoopCommand } from './loop-command.js';
import type { LoopMemory } from './loop-state.js';

/** New health for the cache, remembered as the last one told. */
export function tell(
  memory: LoopMemory,
  health: CollectionHealth,
  count?: 'relists' | 'reconnects',
): { readonly memory: LoopMemory; readonly command: LoopCommand } {
  const input: CollectionInput<KubeObject> =
    count === undefined ? { type: 'health', health } : { type: 'health', health, count };
  return { memory: { ...memory, health }, command: { type: 'emit', input } };
}
