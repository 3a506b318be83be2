import type { FakeApiServer } from '@rxkube/testing';

/** The shape of the fake's internals this workaround relies on, checked at run time. */
interface StoredObjectLike {
  readonly key: string;
  readonly json: string;
}
interface StoreEventLike {
  readonly object: StoredObjectLike;
}
interface StoreLike {
  readonly type: { readonly resource: string; readonly group: string };
  commit(event: StoreEventLike, bulk?: boolean): void;
}
interface ClusterLike {
  allStores(): StoreLike[];
}

const METADATA_END = ',"spec":';

/**
 * Makes the fake keep the `managedFields` the benchmark gives its pods.
 *
 * kube-apiserver returns `metadata.managedFields` on every object, and they are a large part of a
 * real pod's bytes (the reason a `transform` that drops them matters). FakeApiServer drops them on
 * every write. Until it can keep them, this wraps the pods store's `commit` (a private part of
 * the fake, checked here) so that each stored version gets the object's managed fields back in
 * its serialized JSON: lists and watch events then carry exactly the bytes a real server sends.
 *
 * `managedFieldsOf(key)` gives the JSON of an object's `managedFields`, or `undefined`. Objects
 * whose JSON already has `managedFields` (a fake that keeps them) pass unchanged.
 *
 * @example
 * ```ts
 * keepManagedFields(server, (key) => managed.get(key));
 * ```
 */
export function keepManagedFields(
  server: FakeApiServer,
  managedFieldsOf: (key: string) => string | undefined,
): void {
  const env = Reflect.get(server, 'env') as { cluster?: ClusterLike } | undefined;
  const store = env?.cluster
    ?.allStores?.()
    .find((s) => s.type?.resource === 'pods' && s.type.group === '');
  if (store === undefined || typeof store.commit !== 'function') {
    throw new Error(
      'FakeApiServer drops managedFields and its internals changed: cannot serve realistic pods',
    );
  }
  const commit = store.commit.bind(store);
  store.commit = (event: StoreEventLike, bulk?: boolean) => {
    const { json, key } = event.object;
    const managed = json.includes('"managedFields":') ? undefined : managedFieldsOf(key);
    if (managed === undefined) {
      commit(event, bulk);
      return;
    }
    const end = json.indexOf(METADATA_END);
    if (end < 1 || json[end - 1] !== '}') throw new Error(`unexpected object layout for ${key}`);
    const spliced = `${json.slice(0, end - 1)},"managedFields":${managed}${json.slice(end - 1)}`;
    commit({ ...event, object: { ...event.object, json: spliced } }, bulk);
  };
}
