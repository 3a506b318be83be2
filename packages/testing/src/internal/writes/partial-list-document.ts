import type { StoredObject } from '../store/stored-object.js';
import { partialObjectJson } from './metadata-media-type.js';

/**
 * A `PartialObjectMetadataList` around stored objects: unlike a full list, every item keeps its
 * `kind` and `apiVersion` (`PartialObjectMetadata`), as kube-apiserver 1.20 answers.
 */
export function partialListDocument(
  apiVersion: string,
  metadata: Record<string, unknown>,
  items: readonly StoredObject[],
): string {
  const parts = items.map((item) => partialObjectJson(item.json, apiVersion));
  return `{"kind":"PartialObjectMetadataList","apiVersion":${JSON.stringify(apiVersion)},"metadata":${JSON.stringify(metadata)},"items":[${parts.join(',')}]}`;
}
