import type { FakeApiStatus } from '../fake-api-status.js';
import { goQuote } from './json/go-quote.js';

/** The group and plural resource of a collection, as kube-apiserver names them in messages. */
export interface GroupResource {
  readonly group: string;
  readonly resource: string;
}

/** `pods` or `deployments.apps`: how kube-apiserver qualifies a resource in messages. */
export function qualifiedResource(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

interface StatusDetailsInput {
  readonly name?: string;
  readonly group?: string;
  readonly kind?: string;
  readonly uid?: string;
  readonly causes?: readonly { reason?: string; message?: string; field?: string }[];
  readonly retryAfterSeconds?: number;
}

/** Builds a Status with its fields in the order kube-apiserver serializes them. */
export function failure(
  code: number,
  reason: string | undefined,
  message: string,
  details?: StatusDetailsInput,
  metadata: { continue?: string } = {},
): FakeApiStatus {
  const status: Record<string, unknown> = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata,
    status: 'Failure',
    message,
  };
  if (reason) status.reason = reason;
  if (details) status.details = orderedDetails(details);
  status.code = code;
  return status as unknown as FakeApiStatus;
}

function orderedDetails(details: StatusDetailsInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (details.name) out.name = details.name;
  if (details.group) out.group = details.group;
  if (details.kind) out.kind = details.kind;
  if (details.uid) out.uid = details.uid;
  if (details.causes && details.causes.length > 0) out.causes = details.causes;
  if (details.retryAfterSeconds) out.retryAfterSeconds = details.retryAfterSeconds;
  return out;
}

function resourceDetails(gr: GroupResource, name: string): StatusDetailsInput {
  return { name, group: gr.group, kind: gr.resource };
}

/** A failure about one object, its message `<lead><resource> "<name>"<tail>`, as apimachinery words them. */
function aboutObject(
  code: number,
  reason: string,
  gr: GroupResource,
  name: string,
  [lead, tail]: readonly [string, string],
): FakeApiStatus {
  const message = `${lead}${qualifiedResource(gr)} ${JSON.stringify(name)}${tail}`;
  return failure(code, reason, message, resourceDetails(gr, name));
}

/** 404: `pods "x" not found`. */
export function notFound(gr: GroupResource, name: string): FakeApiStatus {
  return aboutObject(404, 'NotFound', gr, name, ['', ' not found']);
}

/** 404 for a path the server does not serve at all. */
export function resourceNotFound(): FakeApiStatus {
  return failure(404, 'NotFound', 'the server could not find the requested resource', {});
}

/** 409: `pods "x" already exists`. */
export function alreadyExists(gr: GroupResource, name: string): FakeApiStatus {
  return aboutObject(409, 'AlreadyExists', gr, name, ['', ' already exists']);
}

/** kube-apiserver's explanation of a stale `metadata.resourceVersion`. */
export const OBJECT_MODIFIED =
  'the object has been modified; please apply your changes to the latest version and try again';

/** 409: `Operation cannot be fulfilled on pods "x": <why>`. */
export function conflict(gr: GroupResource, name: string, why: string): FakeApiStatus {
  return aboutObject(409, 'Conflict', gr, name, ['Operation cannot be fulfilled on ', `: ${why}`]);
}

/** One validation error, as kube-apiserver's field.Error. */
export interface FieldError {
  readonly type: 'Forbidden' | 'Invalid' | 'NotSupported' | 'Required';
  readonly field: string;
  readonly detail?: string;
  readonly value?: string;
  readonly supported?: readonly string[];
}

const causeReason: Record<FieldError['type'], string> = {
  Forbidden: 'FieldValueForbidden',
  Invalid: 'FieldValueInvalid',
  NotSupported: 'FieldValueNotSupported',
  Required: 'FieldValueRequired',
};

function errorBody(error: FieldError): string {
  switch (error.type) {
    case 'Forbidden':
      return `Forbidden: ${error.detail ?? ''}`;
    case 'Required':
      return error.detail ? `Required value: ${error.detail}` : 'Required value';
    case 'Invalid':
      return `Invalid value: ${goQuote(error.value ?? '')}: ${error.detail ?? ''}`;
    case 'NotSupported': {
      const supported = (error.supported ?? []).map(goQuote).join(', ');
      return `Unsupported value: ${goQuote(error.value ?? '')}: supported values: ${supported}`;
    }
  }
}

/** `field: Forbidden: detail`: how one field error reads inside a message. */
export function fieldErrorText(error: FieldError): string {
  return `${error.field}: ${errorBody(error)}`;
}

/** 422 Invalid: `Kind.group "name" is invalid: [errors]`, with one cause per error. */
export function invalid(
  groupKind: { group: string; kind: string },
  name: string,
  errors: readonly FieldError[],
): FakeApiStatus {
  const texts = [...new Set(errors.map(fieldErrorText))];
  const aggregate = texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
  const qualifiedKind = groupKind.group ? `${groupKind.kind}.${groupKind.group}` : groupKind.kind;
  return failure(422, 'Invalid', `${qualifiedKind} ${goQuote(name)} is invalid: ${aggregate}`, {
    name,
    group: groupKind.group,
    kind: groupKind.kind,
    causes: errors.map((e) => ({
      reason: causeReason[e.type],
      message: errorBody(e),
      field: e.field,
    })),
  });
}

/** 422 for invalid list/watch query parameters (`ListOptions.meta.k8s.io "" is invalid: ...`). */
export function invalidListOptions(errors: readonly FieldError[]): FakeApiStatus {
  return invalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', errors);
}

/** 410 Expired. */
export function expired(message: string, continueToken?: string): FakeApiStatus {
  return failure(
    410,
    'Expired',
    message,
    undefined,
    continueToken === undefined ? {} : { continue: continueToken },
  );
}

/** The message of a 410 for an expired continue token, verbatim from kube-apiserver. */
export const CONTINUE_EXPIRED =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/** The message of a 410 for a list at an exact version that is no longer retained. */
export const LIST_EXPIRED = 'The resourceVersion for the provided list is too old.';

/** The message of a too-old watch when kube-apiserver runs without its watch cache. */
export const WATCH_EXPIRED_UNCACHED = 'The resourceVersion for the provided watch is too old.';

/** The message of a watch ERROR event for a version older than the retained history. */
export function watchTooOldMessage(requested: string, oldest: string): string {
  return `too old resource version: ${requested} (${oldest})`;
}

/** 504: the server has not reached the requested version yet. */
export function tooLargeResourceVersion(
  requested: string,
  current: string,
  retryAfterSeconds: number,
): FakeApiStatus {
  return failure(
    504,
    'Timeout',
    `Timeout: Too large resource version: ${requested}, current: ${current}`,
    {
      causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
      retryAfterSeconds,
    },
  );
}

/**
 * 500 without a reason: what etcd answers, passed through, when a read asks for a revision it has
 * not reached (kube-apiserver 1.20 sends exact and paginated lists to etcd).
 */
export function futureRevision(): FakeApiStatus {
  return failure(500, undefined, 'etcdserver: mvcc: required revision is a future revision');
}

/** 400 BadRequest. */
export function badRequest(message: string): FakeApiStatus {
  return failure(400, 'BadRequest', message);
}

/** 401 Unauthorized, exactly as kube-apiserver answers an unauthenticated request. */
export function unauthorized(): FakeApiStatus {
  return failure(401, 'Unauthorized', 'Unauthorized');
}

/** 500 InternalError. */
export function internalError(cause: string): FakeApiStatus {
  return failure(500, 'InternalError', `Internal error occurred: ${cause}`, {
    causes: [{ message: cause }],
  });
}

/** 503 ServiceUnavailable. */
export function serviceUnavailable(): FakeApiStatus {
  return failure(503, 'ServiceUnavailable', 'the server is currently unable to handle the request');
}

/** 429 TooManyRequests with `retryAfterSeconds`. */
export function tooManyRequests(retryAfterSeconds: number): FakeApiStatus {
  return failure(429, 'TooManyRequests', 'Too many requests, please try again later.', {
    retryAfterSeconds,
  });
}

/**
 * 429 of a watch cache that (re)initializes (1.31+): `errors.NewTooManyRequests(err.Error(), …)`
 * of ready.go's `storage is (re)initializing`.
 */
export function storageReinitializing(retryAfterSeconds: number): FakeApiStatus {
  return failure(429, 'TooManyRequests', 'storage is (re)initializing', { retryAfterSeconds });
}

/** 405: a verb the resource does not support. */
export function methodNotSupported(gr: GroupResource, action: string): FakeApiStatus {
  return failure(
    405,
    'MethodNotAllowed',
    `${action} is not supported on resources of kind ${JSON.stringify(qualifiedResource(gr))}`,
    { group: gr.group, kind: gr.resource },
  );
}

/** 415: a PATCH content type the resource does not accept. */
export function unsupportedMediaType(accepted: readonly string[]): FakeApiStatus {
  return failure(
    415,
    'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
  );
}

/** 413: a body above the limit. */
export function requestEntityTooLarge(limit: number): FakeApiStatus {
  return failure(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limit}`);
}

/** The Status a DELETE answers with for resources that do not return the deleted object. */
export function deleteSuccess(gr: GroupResource, name: string, uid: string): FakeApiStatus {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: orderedDetails({ name, group: gr.group, kind: gr.resource, uid }),
  } as unknown as FakeApiStatus;
}
