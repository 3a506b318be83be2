import { Observable } from 'rxjs';
import { DecodeError } from '../../errors/decode-error.js';
import { errorFromResponse } from '../../errors/error-from-response.js';
import { excerpt } from '../../errors/internal/excerpt.js';
import { InvalidError } from '../../errors/invalid-error.js';
import { errorOfResponse, readBodyText } from '../../internal/read-body.js';
import type { KubeClient } from '../../kube-client.js';
import type { KubeObject } from '../../kube-object.js';
import { type ResourceRef, resourcePath } from '../../resource-ref.js';
import type { KubeRequest } from '../../transport.js';

const HTTP_OK_MIN = 200;
const HTTP_OK_MAX = 299;

/** The request of one call, less its signal. */
export type ObjectRequest = Omit<KubeRequest, 'signal'>;

/**
 * One request whose answer is one JSON object, as a cold observable: it emits the parsed body once
 * and completes. Unsuccessful statuses become typed errors (`errorFromResponse`); a 2xx body that
 * is not a JSON object errors with `DecodeError`. Unsubscribing aborts the request.
 */
export function objectRequest$<R>(
  client: KubeClient,
  request: () => ObjectRequest,
  decode: (json: KubeObject) => R = (json) => json as R,
): Observable<R> {
  return new Observable<R>((subscriber) => {
    const controller = new AbortController();
    const send = async (): Promise<R> => {
      const response = await client.transport.request({ ...request(), signal: controller.signal });
      if (response.status < HTTP_OK_MIN || response.status > HTTP_OK_MAX) {
        throw await errorOfResponse(response);
      }
      return decode(parseObject(await readBodyText(response, { fatal: true }), response.status));
    };
    send().then(
      (result) => {
        subscriber.next(result);
        subscriber.complete();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error);
      },
    );
    return () => controller.abort();
  });
}

function parseObject(body: string, status: number): KubeObject {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (cause) {
    if (!body.trimStart().startsWith('{')) throw errorFromResponse(status, body);
    throw new DecodeError('response is not valid JSON', {
      kind: 'malformed',
      excerpt: excerpt(body),
      cause,
    });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new DecodeError('response is not a JSON object', {
      kind: 'shape',
      excerpt: excerpt(body),
    });
  }
  return json as KubeObject;
}

/** The path of one object (and its subresource), in the ref's namespace or else the object's. */
export function objectPath(
  ref: ResourceRef,
  name: string,
  namespace: string | undefined,
  subresource: string | undefined,
): string {
  const scoped = ref.namespace === undefined && namespace ? { ...ref, namespace } : ref;
  const path = resourcePath(scoped, name);
  return subresource ? `${path}/${encodeURIComponent(subresource)}` : path;
}

/** The name a call needs; a clear error, before anything is sent, when there is none. */
export function requireName(call: string, name: string | undefined): string {
  if (typeof name === 'string' && name.length > 0) return name;
  throw new InvalidError(`${call} needs a name (metadata.name), and none was given`, {
    status: {
      kind: 'Status',
      status: 'Failure',
      reason: 'Invalid',
      message: `${call} needs a name`,
      details: {
        causes: [
          { reason: 'FieldValueRequired', message: 'Required value', field: 'metadata.name' },
        ],
      },
    },
  });
}

/** `dryRun=All` and `fieldManager`, when asked for. */
function writeQuery(options: {
  readonly dryRun?: boolean;
  readonly fieldManager?: string;
}): Record<string, string | undefined> {
  return {
    dryRun: options.dryRun ? 'All' : undefined,
    fieldManager: options.fieldManager,
  };
}

export const JSON_BODY = {
  accept: 'application/json',
  'content-type': 'application/json',
} as const;

/** What a write sends: its method, `dryRun` and `fieldManager`, and a JSON body. */
export interface WriteRequestParts {
  readonly method: 'POST' | 'PUT' | 'PATCH';
  readonly path: string;
  readonly options: { readonly dryRun?: boolean; readonly fieldManager?: string };
  readonly body: unknown;
  /** Default `application/json`; a patch names its type. */
  readonly contentType?: string;
  /** Parameters beyond `dryRun` and `fieldManager` (apply's `force`). */
  readonly query?: Record<string, string | undefined>;
}

/** The request of one write (`create$`, `replace$`, `patch$`, `apply$`): one shape for all. */
export function writeRequest(parts: WriteRequestParts): ObjectRequest {
  return {
    method: parts.method,
    path: parts.path,
    query: { ...writeQuery(parts.options), ...parts.query },
    headers: { ...JSON_BODY, 'content-type': parts.contentType ?? JSON_BODY['content-type'] },
    body: JSON.stringify(parts.body),
  };
}

/** The path of the object a write names in `metadata.name`, with a clear error when there is none. */
export function namedObjectPath(
  call: string,
  ref: ResourceRef,
  object: KubeObject,
  subresource: string | undefined,
): string {
  return objectPath(
    ref,
    requireName(call, object.metadata?.name),
    object.metadata?.namespace,
    subresource,
  );
}
