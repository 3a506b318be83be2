import { ClusterState } from './cluster-state.js';
import { createObject } from './create-object.js';
import { deleteObject } from './delete-object.js';
import { patchObject, updateObject } from './update-object.js';

/** The arguments of a verb after the cluster it writes. */
type VerbArgs<F> = F extends (cluster: ClusterState, ...rest: infer R) => unknown ? R : never;

/**
 * The whole in-memory API: its state (`ClusterState`) and the verbs that write it, one file each.
 * Both the HTTP handlers and the JavaScript methods write here.
 */
export class Cluster extends ClusterState {
  /** Creates an object: see `createObject`. */
  create(...args: VerbArgs<typeof createObject>): ReturnType<typeof createObject> {
    return createObject(this, ...args);
  }

  /** Replaces an object (or its status): see `updateObject`. */
  update(...args: VerbArgs<typeof updateObject>): ReturnType<typeof updateObject> {
    return updateObject(this, ...args);
  }

  /** Applies `patch` (a function of the current object) with the rules of an update. */
  patch(...args: VerbArgs<typeof patchObject>): ReturnType<typeof patchObject> {
    return patchObject(this, ...args);
  }

  /** Deletes an object, or marks it for deletion while it still has finalizers. */
  remove(...args: VerbArgs<typeof deleteObject>): ReturnType<typeof deleteObject> {
    return deleteObject(this, ...args);
  }
}
