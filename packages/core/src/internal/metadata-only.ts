import type { KubeObject } from '../kube-object.js';
import type { PartialObjectMetadata } from '../partial-object-metadata.js';

const AS_PARAMETERS = 'g=meta.k8s.io;v=v1';

/**
 * The `Accept` headers of metadata-only reads, as client-go's metadata client sends them (JSON
 * only): the partial form first, then plain JSON, so a server that cannot serve the partial form
 * answers with whole objects instead of 406.
 */
export const metadataOnlyAccept = {
  /** LIST. */
  list: `application/json;as=PartialObjectMetadataList;${AS_PARAMETERS},application/json`,
  /** GET of one object, and WATCH (whose events carry single objects). */
  object: `application/json;as=PartialObjectMetadata;${AS_PARAMETERS},application/json`,
} as const;

const PARTIAL_KIND = 'PartialObjectMetadata';
const PARTIAL_API_VERSION = 'meta.k8s.io/v1';

/**
 * The object as `PartialObjectMetadata`: unchanged when the server sent that form; otherwise (a
 * server that answered a metadata-only read with the whole object) only its metadata is kept, as
 * client-go's metadata client decodes such an answer.
 */
export function asPartialObjectMetadata(object: KubeObject): PartialObjectMetadata {
  if (object.kind === PARTIAL_KIND && object.metadata !== undefined) {
    return object as PartialObjectMetadata;
  }
  return { apiVersion: PARTIAL_API_VERSION, kind: PARTIAL_KIND, metadata: object.metadata ?? {} };
}

/**
 * The decoder of a read: with `metadataOnly`, every object is first brought to
 * `PartialObjectMetadata` form (see {@link asPartialObjectMetadata}), then given to `decode`.
 */
export function metadataOnlyDecoder<T>(
  metadataOnly: boolean | undefined,
  decode: ((object: KubeObject) => T) | undefined,
): ((object: KubeObject) => T) | undefined {
  if (metadataOnly !== true) return decode;
  if (decode === undefined) return (object) => asPartialObjectMetadata(object) as T;
  return (object) => decode(asPartialObjectMetadata(object));
}
