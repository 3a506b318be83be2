import { FakeApiError } from '../../fake-api-error.js';
import type { FakeApiStatus } from '../../fake-api-status.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import { orderMetadata } from './object-meta.js';

/** Throws `s` as the answer of the request. */
export function fail(s: FakeApiStatus): never {
  throw new FakeApiError(s);
}

/** Who is writing: HTTP writes follow kube-apiserver's rules strictly, test code gets shortcuts. */
export interface WriteContext {
  readonly http: boolean;
  /** The field manager recorded in `managedFields`; default: the JavaScript methods' own. */
  readonly manager?: string;
  /** `?dryRun=All`: everything but storing (and bumping the revision). */
  readonly dryRun?: boolean;
  /** The `managedFields` of the write when the caller computed them (server-side apply). */
  readonly managedFields?: () => JsonObject[] | undefined;
}

/** `metadata` with `managedFields` in their place (or none). */
export function withManagedFields(
  metadata: JsonObject,
  managed: unknown[] | undefined,
): JsonObject {
  return managed === undefined ? metadata : orderMetadata(metadata, { managedFields: managed });
}

/** A 400 when the body names another `apiVersion` or `kind` than the URL. */
function checkTypeMeta(type: ResourceType, body: JsonObject): void {
  if (body.apiVersion !== undefined && body.apiVersion !== type.apiVersion) {
    fail(
      status.badRequest(
        `the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${type.apiVersion})`,
      ),
    );
  }
  if (body.kind !== undefined && body.kind !== type.kind) {
    fail(
      status.badRequest(
        `the kind in the data (${String(body.kind)}) does not match the expected kind (${type.kind})`,
      ),
    );
  }
}

/** The namespace of a write: the URL's, the body's when they agree, else `default`. */
function namespaceOf(
  type: ResourceType,
  meta: JsonObject,
  fromRequest: string | undefined,
): string {
  if (!type.namespaced) return '';
  const inBody = typeof meta.namespace === 'string' && meta.namespace ? meta.namespace : undefined;
  if (inBody !== undefined && fromRequest !== undefined && inBody !== fromRequest) {
    fail(
      status.badRequest(
        'the namespace of the provided object does not match the namespace sent on the request',
      ),
    );
  }
  return fromRequest ?? inBody ?? 'default';
}

/**
 * What a create or an update first checks of the body it is sent: a JSON object of the URL's kind
 * (else 400), with its metadata and the namespace the write goes to.
 */
export function sentObject(
  type: ResourceType,
  sent: unknown,
  namespace: string | undefined,
): { readonly body: JsonObject; readonly meta: JsonObject; readonly ns: string } {
  if (!isJsonObject(sent)) fail(status.badRequest('the body of the request must be a JSON object'));
  checkTypeMeta(type, sent);
  const meta: JsonObject = isJsonObject(sent.metadata) ? sent.metadata : {};
  return { body: sent, meta, ns: namespaceOf(type, meta, namespace) };
}
