import type { JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import { ClusterState } from './cluster-state.js';
import { createObject } from './create-object.js';
import {
  type DeleteOptions,
  type DeleteOutcome,
  type DeletePreconditions,
  deleteObject,
} from './delete-object.js';
import type { StoredObject } from './stored-object.js';
import { patchObject, updateObject } from './update-object.js';
import type { WriteContext } from './write-context.js';

export { START_REVISION } from './cluster-state.js';

/**
 * The whole in-memory API: its state (`ClusterState`) and the verbs that write it, one file each.
 * Both the HTTP handlers and the JavaScript methods write here.
 */
export class Cluster extends ClusterState {
  /** Creates an object: see `createObject`. */
  create(
    type: ResourceType,
    namespace: string | undefined,
    body: unknown,
    ctx: WriteContext,
  ): StoredObject {
    return createObject(this, type, namespace, body, ctx);
  }

  /** Replaces an object (or its status): see `updateObject`. */
  update(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    body: unknown,
    ctx: WriteContext & { subresource?: 'status' },
  ): StoredObject {
    return updateObject(this, type, namespace, name, body, ctx);
  }

  /** Applies `patch` (a function of the current object) with the rules of an update. */
  patch(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    patch: (current: JsonObject) => unknown,
    ctx: WriteContext & { subresource?: 'status' },
  ): StoredObject {
    return patchObject(this, type, namespace, name, patch, ctx);
  }

  /** Deletes an object, or marks it for deletion while it still has finalizers. */
  remove(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    preconditions: DeletePreconditions = {},
    options: DeleteOptions = {},
  ): DeleteOutcome {
    return deleteObject(this, type, namespace, name, preconditions, options);
  }
}
