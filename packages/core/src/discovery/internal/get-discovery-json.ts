import type { KubeClient } from '../../kube-client.js';
import { loadedErrorFromResponse } from './loaded-error-from-response.js';

/** GETs one discovery document; an unsuccessful or undecodable answer rejects with its typed error. */
export async function getDiscoveryJson<T>(
  client: KubeClient,
  path: string,
  signal?: AbortSignal,
  accept = 'application/json',
): Promise<T> {
  const response = await client.transport.request({
    path,
    headers: { accept },
    ...(signal === undefined ? {} : { signal }),
  });
  const body = await response.text();
  if (response.status !== 200) {
    throw await loadedErrorFromResponse(response.status, body, (name) => response.header(name));
  }
  try {
    return JSON.parse(body) as T;
  } catch {
    throw await loadedErrorFromResponse(response.status, body, (name) => response.header(name));
  }
}
