import { FakeApiError } from '../fake-api-error.js';
import type { DeletePreconditions } from './cluster.js';
import type { HttpContext } from './http-context.js';
import { applyJsonPatch, JsonPatchError } from './json-patch.js';
import { isJsonObject } from './json-value.js';
import { listDocument, listPrefix, selectorFilter } from './list-handler.js';
import type { ListOptions } from './list-options.js';
import { currentView } from './list-view.js';
import { managerOf } from './managed-fields.js';
import { applyMergePatch } from './merge-patch.js';
import { parseJsonBody, readBody } from './read-body.js';
import type { ResourceType } from './resource-type.js';
import type { ServerEnv } from './server-env.js';
import * as status from './status.js';
import type { StoredObject } from './stored-object.js';

const MERGE_PATCH = 'application/merge-patch+json';
const JSON_PATCH = 'application/json-patch+json';
const STRATEGIC_PATCH = 'application/strategic-merge-patch+json';
const APPLY_PATCH = 'application/apply-patch+yaml';

/** The field manager of a write: `?fieldManager=`, else the User-Agent's program name. */
function manager(ctx: HttpContext): string {
  return managerOf(ctx.query.get('fieldManager'), ctx.req.headers['user-agent']);
}

function requireVerb(type: ResourceType, verb: string): void {
  if (!type.verbs.includes(verb)) {
    throw new FakeApiError(status.methodNotSupported(type.gr, verb));
  }
}

function subresourceOf(type: ResourceType, subresource: string | undefined): 'status' | undefined {
  if (subresource === undefined) return undefined;
  if (subresource === 'status' && type.statusSubresource) return 'status';
  throw new FakeApiError(status.resourceNotFound());
}

/** GET of one object. */
export function handleGet(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
  name: string,
  subresource: string | undefined,
): void {
  requireVerb(type, 'get');
  subresourceOf(type, subresource);
  const stored = env.cluster.get(type, namespace ?? '', name);
  if (!stored) throw new FakeApiError(status.notFound(type.gr, name));
  ctx.json(200, stored.json);
}

/** POST to a collection: 201 with the stored object. */
export async function handleCreate(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
): Promise<void> {
  requireVerb(type, 'create');
  const body = parseJsonBody(await readBody(ctx.req), type.kind);
  const stored = env.cluster.create(type, namespace, body, { http: true, manager: manager(ctx) });
  ctx.json(201, stored.json);
}

/** PUT of an object or its status. */
export async function handleUpdate(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
  name: string,
  subresource: string | undefined,
): Promise<void> {
  requireVerb(type, 'update');
  const sub = subresourceOf(type, subresource);
  const body = parseJsonBody(await readBody(ctx.req), type.kind);
  const stored = env.cluster.update(type, namespace, name, body, {
    http: true,
    manager: manager(ctx),
    ...(sub ? { subresource: sub } : {}),
  });
  ctx.json(200, stored.json);
}

/** PATCH (merge, JSON patch, and strategic merge treated as merge for built-in kinds). */
export async function handlePatch(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
  name: string,
  subresource: string | undefined,
): Promise<void> {
  requireVerb(type, 'patch');
  const sub = subresourceOf(type, subresource);
  const contentType = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim();
  const accepted = type.builtin
    ? [JSON_PATCH, MERGE_PATCH, STRATEGIC_PATCH, APPLY_PATCH]
    : [JSON_PATCH, MERGE_PATCH, APPLY_PATCH];
  const merge = contentType === MERGE_PATCH || (type.builtin && contentType === STRATEGIC_PATCH);
  if (!merge && contentType !== JSON_PATCH) {
    throw new FakeApiError(status.unsupportedMediaType(accepted));
  }
  const patch = parseJsonBody(await readBody(ctx.req), type.kind);
  const stored = env.cluster.patch(
    type,
    namespace,
    name,
    (current) => {
      if (merge) {
        if (!isJsonObject(patch))
          throw new FakeApiError(status.badRequest('a merge patch must be a JSON object'));
        return applyMergePatch(current, patch);
      }
      try {
        return applyJsonPatch(current, patch);
      } catch (error) {
        if (!(error instanceof JsonPatchError)) throw error;
        throw new FakeApiError(status.failure(422, 'Invalid', error.message));
      }
    },
    { http: true, manager: manager(ctx), ...(sub ? { subresource: sub } : {}) },
  );
  ctx.json(200, stored.json);
}

function deletePreconditions(body: unknown): DeletePreconditions {
  if (!isJsonObject(body) || !isJsonObject(body.preconditions)) return {};
  const { uid, resourceVersion } = body.preconditions;
  return {
    ...(typeof uid === 'string' ? { uid } : {}),
    ...(typeof resourceVersion === 'string' ? { resourceVersion } : {}),
  };
}

/**
 * DELETE of one object: the deleted object or a Success Status (per resource, as
 * kube-apiserver); an object with finalizers is only marked and returned.
 */
export async function handleDelete(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
  name: string,
): Promise<void> {
  requireVerb(type, 'delete');
  const text = await readBody(ctx.req);
  const body = text.trim() === '' ? {} : parseJsonBody(text, 'DeleteOptions');
  const outcome = env.cluster.remove(type, namespace, name, deletePreconditions(body));
  if (outcome.removed && type.deleteReturns === 'status') {
    ctx.json(200, status.deleteSuccess(type.gr, name, outcome.object.uid));
  } else {
    ctx.json(200, outcome.object.json);
  }
}

/** DELETE of a collection: every matching object, answered with the list of them. */
export async function handleDeleteCollection(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
  options: ListOptions,
): Promise<void> {
  requireVerb(type, 'deletecollection');
  await readBody(ctx.req);
  const store = env.cluster.store(type);
  const targets = currentView(store).page(
    listPrefix(type, namespace),
    undefined,
    0,
    selectorFilter(options),
    false,
  ).items;
  const deleted: StoredObject[] = [];
  for (const target of targets) {
    deleted.push(env.cluster.remove(type, target.namespace, target.name).object);
  }
  ctx.json(200, listDocument(type, { resourceVersion: env.cluster.renderedRevision }, deleted));
}
