import { FakeApiError } from '../../fake-api-error.js';
import type { FakeApiStatus } from '../../fake-api-status.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';

/** What an `Accept` header asks of a GET, LIST or WATCH in metadata-only terms. */
export type MetadataAs =
  | { readonly as: 'full' }
  | {
      readonly as: 'PartialObjectMetadata' | 'PartialObjectMetadataList';
      /** `meta.k8s.io/v1` or `meta.k8s.io/v1beta1`, as the request named it. */
      readonly apiVersion: string;
    };

const PARTIAL = new Set(['PartialObjectMetadata', 'PartialObjectMetadataList']);
const VERSIONS = new Set(['v1', 'v1beta1']);

function notAcceptable(message: string): FakeApiError {
  const s: FakeApiStatus = status.failure(406, 'NotAcceptable', message);
  return new FakeApiError(s);
}

/**
 * Reads the `Accept` header the way kube-apiserver 1.20 negotiates it for metadata-only reads:
 * the first range it can serve wins, `application/json;as=PartialObjectMetadata(List);
 * g=meta.k8s.io;v=v1` (or `v1beta1`) included. When the header names a partial form the server
 * cannot serve (another version, or `enabled: false` for a server without the feature) and
 * nothing else acceptable, the answer is 406 NotAcceptable with 1.20's message. Headers that
 * name no partial form are left to the usual handling (`full`).
 */
export function metadataAs(accept: string | undefined, enabled: boolean): MetadataAs {
  if (accept === undefined || !accept.includes('PartialObjectMetadata')) return { as: 'full' };
  for (const range of accept.split(',')) {
    const [mediaType = '', ...rawParams] = range.split(';').map((p) => p.trim());
    const params = new Map(
      rawParams.map((p) => {
        const at = p.indexOf('=');
        return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
      }),
    );
    const as = params.get('as');
    if (as === undefined) {
      if (['application/json', 'application/*', '*/*'].includes(mediaType)) return { as: 'full' };
      continue;
    }
    if (
      enabled &&
      (mediaType === 'application/json' || mediaType === 'application/*' || mediaType === '*/*') &&
      PARTIAL.has(as) &&
      params.get('g') === 'meta.k8s.io' &&
      VERSIONS.has(params.get('v') ?? '')
    ) {
      return {
        as: as as 'PartialObjectMetadata' | 'PartialObjectMetadataList',
        apiVersion: `meta.k8s.io/${params.get('v')}`,
      };
    }
  }
  throw notAcceptable(
    'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  );
}

/** Go's type name of a kind's internal object in kube-apiserver's 406 messages. */
function goType(type: ResourceType, list: boolean): string {
  if (!type.builtin) return list ? '*unstructured.UnstructuredList' : '*unstructured.Unstructured';
  const pkg = type.group === '' ? 'core' : type.group.split('.')[0];
  return `*${pkg}.${list ? type.listKind : type.kind}`;
}

/**
 * 406 when a GET asks for a list form, or a LIST for a single object's (for a custom resource's
 * GET in list form, 1.20's 500 "content is not a list").
 */
export function requireMetadataForm(type: ResourceType, media: MetadataAs, list: boolean): void {
  if (media.as === 'PartialObjectMetadataList' && !list && !type.builtin) {
    // kube-apiserver 1.20 fails here for custom resources: a 500 without reason.
    throw new FakeApiError(status.failure(500, undefined, 'content is not a list'));
  }
  if (media.as === 'PartialObjectMetadataList' && !list) {
    throw notAcceptable(
      `you requested PartialObjectMetadataList, but the requested object is not a list (${goType(type, false)})`,
    );
  }
  if (media.as === 'PartialObjectMetadata' && list) {
    throw notAcceptable(
      `you requested PartialObjectMetadata, but the requested object is a list (${goType(type, true)})`,
    );
  }
}

/** An object as `PartialObjectMetadata`: its metadata under the meta.k8s.io type. */
export function partialObject(object: JsonObject, apiVersion: string): JsonObject {
  return { kind: 'PartialObjectMetadata', apiVersion, metadata: object.metadata ?? {} };
}

/** A stored object's JSON as `PartialObjectMetadata` JSON. */
export function partialObjectJson(json: string, apiVersion: string): string {
  return JSON.stringify(partialObject(JSON.parse(json) as JsonObject, apiVersion));
}

/**
 * Watch lines (NDJSON) with every object but a Status turned into `PartialObjectMetadata`, as
 * kube-apiserver 1.20 sends them to a metadata-only watch (bookmarks included).
 */
export function partialWatchLines(text: string, apiVersion: string): string {
  let out = '';
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let event: JsonObject;
    try {
      event = JSON.parse(line) as JsonObject;
    } catch {
      out += `${line}\n`;
      continue;
    }
    const object = event.object;
    if (isJsonObject(object) && object.kind !== 'Status') {
      out += `${JSON.stringify({ type: event.type, object: partialObject(object, apiVersion) })}\n`;
    } else out += `${line}\n`;
  }
  return out;
}
