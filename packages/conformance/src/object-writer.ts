import type { KubeClient, KubeObject, ResourceRef } from '@rxkube/core';
import {
  errorFromResponse,
  type KubeRequest,
  type KubeStatus,
  resourcePath,
} from '@rxkube/core/transport';

/**
 * Plain writes through a client's transport: JSON in, JSON out, and an unsuccessful answer as
 * the typed error `errorFromResponse` makes of the server's Status (409 → `ConflictError`, …).
 *
 * @example
 * ```ts
 * const writer = objectWriter(client);
 * const cm = await writer.create(ref, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
 * ```
 */
export interface ObjectWriter {
  /** POST to the collection; resolves with the stored object. */
  create<T extends KubeObject>(ref: ResourceRef, object: T): Promise<T>;
  /**
   * PUT the object as given, `metadata.resourceVersion` included: a stale one is refused with
   * the server's 409 (`ConflictError`).
   */
  replace<T extends KubeObject>(ref: ResourceRef, object: T): Promise<T>;
  /** DELETE by name; resolves with the server's answer (a Status or the deleted object). */
  remove(ref: ResourceRef, name: string): Promise<KubeStatus | KubeObject>;
  /** GET by name. */
  get<T extends KubeObject>(ref: ResourceRef, name: string): Promise<T>;
}

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' } as const;

/**
 * Creates an {@link ObjectWriter} on a client: the writes a test makes to drive a collection,
 * through the same transport (and credentials) the client reads with. The namespace is the
 * ref's, else the object's `metadata.namespace`.
 *
 * @example
 * ```ts
 * import { objectWriter } from '@rxkube/conformance';
 * import { ConflictError } from '@rxkube/core';
 * const writer = objectWriter(client);
 * const ref = { version: 'v1', resource: 'configmaps', namespace: 'default' };
 * const cm = await writer.create(ref, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
 * await writer.replace(ref, { ...cm, data: { k: 'v' } });
 * await writer.replace(ref, { ...cm, data: { k: 'w' } }).catch((e) => e instanceof ConflictError); // true
 * ```
 */
export function objectWriter(client: KubeClient): ObjectWriter {
  const send = async <T>(request: KubeRequest): Promise<T> => {
    const response = await client.transport.request(request);
    const text = await response.text();
    if (response.status < 200 || response.status > 299) {
      throw errorFromResponse(response.status, text, (name) => response.header(name));
    }
    return JSON.parse(text) as T;
  };
  const scoped = (ref: ResourceRef, object: KubeObject): ResourceRef => {
    const namespace = ref.namespace ?? object.metadata?.namespace;
    return namespace === undefined ? ref : { ...ref, namespace };
  };
  const nameOf = (object: KubeObject): string => {
    const name = object.metadata?.name;
    if (name === undefined) throw new TypeError('the object has no metadata.name');
    return name;
  };
  return {
    create: (ref, object) =>
      send({
        method: 'POST',
        path: resourcePath(scoped(ref, object)),
        headers: JSON_HEADERS,
        body: JSON.stringify(object),
      }),
    replace: (ref, object) =>
      send({
        method: 'PUT',
        path: resourcePath(scoped(ref, object), nameOf(object)),
        headers: JSON_HEADERS,
        body: JSON.stringify(object),
      }),
    remove: (ref, name) =>
      send({ method: 'DELETE', path: resourcePath(ref, name), headers: JSON_HEADERS }),
    get: (ref, name) => send({ path: resourcePath(ref, name), headers: JSON_HEADERS }),
  };
}
