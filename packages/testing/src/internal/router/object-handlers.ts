import { FakeApiError } from '../../fake-api-error.js';
import type { HttpContext } from '../http/http-context.js';
import type { ObjectHandler } from '../http/object-handler.js';
import { parseJsonBody, readBody } from '../http/read-body.js';
import { requireVerb } from '../http/require-verb.js';
import type { CollectionTarget } from '../http/route.js';
import { subresourceOf } from '../http/subresource-of.js';
import type { CollectionHandler } from '../reads/collection-handler.js';
import { listDocument, listPrefix, selectorFilter } from '../reads/list-handler.js';
import { currentView } from '../reads/list-view.js';
import * as status from '../status.js';
import { managerOf } from '../store/managed-fields.js';
import { deleteRequest } from '../writes/delete-request.js';
import {
  metadataAs,
  partialObjectJson,
  requireMetadataForm,
} from '../writes/metadata-media-type.js';
import { writeOptions } from '../writes/write-options.js';

/** The field manager of a write: `?fieldManager=`, else the User-Agent's program name. */
function manager(ctx: HttpContext): string {
  return managerOf(ctx.query.get('fieldManager'), ctx.req.headers['user-agent']);
}

/** GET of one object. */
export const handleGet: ObjectHandler = (ctx, env, { type, namespace, name, subresource }) => {
  requireVerb(type, 'get');
  subresourceOf(type, subresource);
  const media = metadataAs(ctx.req.headers.accept, env.options.partialObjectMetadata);
  requireMetadataForm(type, media, false);
  const stored = env.cluster.get(type, namespace ?? '', name);
  if (!stored) throw new FakeApiError(status.notFound(type.gr, name));
  ctx.json(
    200,
    media.as === 'full' ? stored.json : partialObjectJson(stored.json, media.apiVersion),
  );
};

/** POST to a collection: 201 with the stored object. */
export const handleCreate: ObjectHandler<CollectionTarget> = async (
  ctx,
  env,
  { type, namespace },
) => {
  requireVerb(type, 'create');
  const { dryRun } = writeOptions(ctx.query, 'CreateOptions');
  const body = parseJsonBody(await readBody(ctx.req), type.kind);
  const stored = env.cluster.create(type, namespace, body, {
    http: true,
    manager: manager(ctx),
    ...(dryRun ? { dryRun } : {}),
  });
  ctx.json(201, stored.json);
};

/** PUT of an object or its status: 200, or 201 when it created the object (Events, Leases). */
export const handleUpdate: ObjectHandler = async (ctx, env, target) => {
  const { type, namespace, name, subresource } = target;
  requireVerb(type, 'update');
  const sub = subresourceOf(type, subresource);
  const { dryRun } = writeOptions(ctx.query, 'UpdateOptions');
  const body = parseJsonBody(await readBody(ctx.req), type.kind);
  const existed =
    env.cluster.get(type, type.namespaced ? (namespace ?? '') : '', name) !== undefined;
  const stored = env.cluster.update(type, namespace, name, body, {
    http: true,
    manager: manager(ctx),
    ...(dryRun ? { dryRun } : {}),
    ...(sub ? { subresource: sub } : {}),
  });
  ctx.json(existed ? 200 : 201, stored.json);
};

/**
 * DELETE of one object: the deleted object or a Success Status (per resource, as
 * kube-apiserver); an object with finalizers is only marked and returned.
 */
export const handleDelete: ObjectHandler = async (ctx, env, { type, namespace, name }) => {
  requireVerb(type, 'delete');
  const text = await readBody(ctx.req);
  const body = text.trim() === '' ? {} : parseJsonBody(text, 'DeleteOptions');
  const { preconditions, options } = deleteRequest(ctx.query, body);
  const outcome = env.cluster.remove(type, namespace, name, preconditions, options);
  if (outcome.removed && type.deleteReturns === 'status') {
    ctx.json(200, status.deleteSuccess(type.gr, name, outcome.object.uid));
  } else {
    ctx.json(200, outcome.object.json);
  }
};

/** DELETE of a collection: every matching object, answered with the list of them. */
export const handleDeleteCollection: CollectionHandler = async (
  ctx,
  env,
  { type, namespace },
  options,
) => {
  requireVerb(type, 'deletecollection');
  const text = await readBody(ctx.req);
  const body = text.trim() === '' ? {} : parseJsonBody(text, 'DeleteOptions');
  const { options: deleteOptions } = deleteRequest(ctx.query, body);
  const store = env.cluster.store(type);
  const targets = currentView(store).page(
    listPrefix(type, namespace),
    undefined,
    0,
    selectorFilter(options),
    false,
  ).items;
  // kube-apiserver 1.20 answers with the objects as listed before it deleted them.
  const listedAt = env.cluster.renderedRevision;
  for (const target of targets) {
    env.cluster.remove(type, target.namespace, target.name, {}, deleteOptions);
  }
  ctx.json(200, listDocument(type, { resourceVersion: listedAt }, targets));
};
