import { isKubeError } from '../../errors/kube-error.js';
import { groupVersionPath } from '../../internal/group-version.js';
import type { KubeClient } from '../../kube-client.js';
import type { ApiResource } from '../api-resource.js';
import { getDiscoveryJson } from './get-discovery-json.js';
import { type ApiResourceList, resourcesOf } from './resources-of.js';

const HTTP_NOT_FOUND = 404;

/**
 * The resource types one group version serves (`/api/v1`, `/apis/{group}/{version}`), or
 * `undefined` when the server does not serve that group version at all (404: no such group, or a
 * CustomResourceDefinition not installed yet). Other failures reject with their typed error.
 */
export async function groupVersionResources(
  client: KubeClient,
  gv: { readonly group?: string; readonly version: string },
  signal?: AbortSignal,
): Promise<ApiResource[] | undefined> {
  const group = gv.group ?? '';
  const path = groupVersionPath(gv);
  try {
    const list = await getDiscoveryJson<ApiResourceList>(client, path, signal);
    return resourcesOf({ group, version: gv.version, preferred: false }, list);
  } catch (error) {
    if (isKubeError(error) && error.code === HTTP_NOT_FOUND) return undefined;
    throw error;
  }
}
