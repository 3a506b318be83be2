import type { KubeError } from '@rxkube/core';
import type { HeaderSource } from '@rxkube/core/transport';

/**
 * `errorFromResponse` of `@rxkube/core`, loaded with the first answer that failed: its check of
 * the `Status` body brings the schema library, which a command that succeeds never needs.
 * Core's discovery has the same loader, internal to it: the lazy `import()` must name a module
 * of this package's own bundle (`error-from-response.ts`) so the bundler splits it off here.
 */
export async function loadedErrorFromResponse(
  httpCode: number,
  body: string,
  headers?: HeaderSource,
): Promise<KubeError> {
  const { errorFromResponse } = await import('./error-from-response.js');
  return errorFromResponse(httpCode, body, headers);
}
