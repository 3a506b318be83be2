import type { KubeError } from '../../errors/kube-error.js';
import type { HeaderSource } from '../../header-source.js';

/**
 * `errorFromResponse`, loaded with the first discovery answer that failed: its check of the
 * `Status` body brings the schema library, which a discovery that succeeds never needs (a
 * command-line tool starts faster without it).
 */
export async function loadedErrorFromResponse(
  httpCode: number,
  body: string,
  headers?: HeaderSource,
): Promise<KubeError> {
  const { errorFromResponse } = await import('../../errors/error-from-response.js');
  return errorFromResponse(httpCode, body, headers);
}
