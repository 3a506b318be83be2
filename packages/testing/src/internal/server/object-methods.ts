import { FakeApiError } from '../../fake-api-error.js';
import type { FakeObject } from '../../objects/fake-object.js';
import type { FakeObjectName } from '../../objects/fake-object-name.js';
import type { FakeResourceRef } from '../../objects/fake-resource-ref.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';
import { applyMergePatch } from '../json/merge-patch.js';
import { listPrefix } from '../reads/list-handler.js';
import { currentView } from '../reads/list-view.js';
import { type ResourceType, resourceId } from '../resources/resource-type.js';
import { failure } from '../status.js';
import type { Cluster } from '../store/cluster.js';

function parse<T>(json: string): T {
  return JSON.parse(json) as T;
}

function metadataOf(object: object): JsonObject {
  const meta = (object as { metadata?: unknown }).metadata;
  return isJsonObject(meta) ? meta : {};
}

/**
 * The JavaScript methods of FakeApiServer that read and write objects: the rules of HTTP writes
 * (`http: false`, so with test code's shortcuts), objects handed back as parsed copies.
 */
export class ObjectMethods {
  constructor(private readonly cluster: Cluster) {}

  /** The served resource `ref` names; a 404 FakeApiError when none is. */
  private type(ref: FakeResourceRef): ResourceType {
    const id = resourceId(ref.group ?? '', ref.version, ref.resource);
    const type = this.cluster.type(id);
    if (!type) {
      throw new FakeApiError(
        failure(404, 'NotFound', `the server could not find the requested resource (${id})`, {}),
      );
    }
    return type;
  }

  create<T extends object>(ref: FakeResourceRef, object: T): T & FakeObject {
    const stored = this.cluster.create(this.type(ref), ref.namespace, object, { http: false });
    return parse<T & FakeObject>(stored.json);
  }

  bulkCreate(ref: FakeResourceRef, objects: Iterable<object>): number {
    const type = this.type(ref);
    let count = 0;
    for (const object of objects) {
      this.cluster.create(type, ref.namespace, object, { http: false });
      count++;
    }
    return count;
  }

  update<T extends object>(ref: FakeResourceRef, object: T): T & FakeObject {
    const meta = metadataOf(object);
    const name = typeof meta.name === 'string' ? meta.name : '';
    const stored = this.cluster.update(this.type(ref), ref.namespace, name, object, {
      http: false,
    });
    return parse<T & FakeObject>(stored.json);
  }

  patch<T extends object>(ref: FakeResourceRef, name: FakeObjectName, mergePatch: object): T {
    const stored = this.cluster.patch(
      this.type(ref),
      name.namespace ?? ref.namespace,
      name.name,
      (current) => applyMergePatch(current, mergePatch),
      { http: false },
    );
    return parse<T>(stored.json);
  }

  remove<T extends object>(ref: FakeResourceRef, name: FakeObjectName): T {
    const outcome = this.cluster.remove(this.type(ref), name.namespace ?? ref.namespace, name.name);
    return parse<T>(outcome.object.json);
  }

  get<T extends object>(ref: FakeResourceRef, name: FakeObjectName): T | undefined {
    const type = this.type(ref);
    const stored = this.cluster.get(
      type,
      type.namespaced ? (name.namespace ?? ref.namespace ?? 'default') : '',
      name.name,
    );
    return stored ? parse<T>(stored.json) : undefined;
  }

  objects<T extends object>(ref: FakeResourceRef, namespace?: string): T[] {
    const type = this.type(ref);
    const prefix = listPrefix(type, namespace ?? ref.namespace);
    return currentView(this.cluster.store(type))
      .page(prefix, undefined, 0, () => true, false)
      .items.map((o) => parse<T>(o.json));
  }
}
