import type { KubeClient } from '@rxkube/core';
import type { ApiResource } from '../../api-resource.js';
import { discoverResources } from '../../discover-resources.js';
import { resolveResource } from '../../resolve-resource.js';
import { CliError } from '../cli-error.js';

/**
 * Resolves the resource argument through discovery. The core API has priority over the groups,
 * so an unqualified name is looked up there first and the groups are read only when it is not
 * found.
 */
export async function findResource(
  client: KubeClient,
  argument: string,
  signal: AbortSignal,
  debug: (line: string) => void,
): Promise<ApiResource> {
  const onSkipped = (groupVersion: string, error: unknown) =>
    debug(`discovery of ${groupVersion} failed, skipped: ${String(error)}`);
  if (!argument.includes('.')) {
    const core = await discoverResources(client, { scope: 'core', signal, onSkipped });
    const found = resolveResource(core, argument);
    if (found) return found;
  }
  const all = await discoverResources(client, { scope: 'all', signal, onSkipped });
  const found = resolveResource(all, argument);
  if (!found) throw new CliError(`the server doesn't have a resource type "${argument}"`);
  return found;
}
