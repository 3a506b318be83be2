import { parse as parseYaml } from 'yaml';
import { FakeApiError } from '../../fake-api-error.js';
import type { ObjectHandler } from '../http/object-handler.js';
import { parseJsonBody, readBody } from '../http/read-body.js';
import { requireVerb } from '../http/require-verb.js';
import { subresourceOf } from '../http/subresource-of.js';
import { applyJsonPatch, JsonPatchError } from '../json/json-patch.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';
import { applyMergePatch } from '../json/merge-patch.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import { managerOf } from '../store/managed-fields.js';
import { sentUid, uidOfMissingObject } from '../store/uid-mismatch.js';
import { type ApplyOutcome, serverSideApply } from './server-side-apply.js';
import { applyStrategicMergePatch } from './strategic-merge-patch.js';
import { writeOptions } from './write-options.js';

const MERGE_PATCH = 'application/merge-patch+json';
const JSON_PATCH = 'application/json-patch+json';
const STRATEGIC_PATCH = 'application/strategic-merge-patch+json';
const APPLY_PATCH = 'application/apply-patch+yaml';
const ALL_PATCH_TYPES = [JSON_PATCH, MERGE_PATCH, STRATEGIC_PATCH, APPLY_PATCH];

/** Go's name of a JSON value's type in "cannot unmarshal X into ..." messages. */
function goJsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}

/** An apply body: YAML (JSON is YAML too), answered 400 the way kube-apiserver words it. */
function parseApplyBody(text: string): unknown {
  try {
    return parseYaml(text, { version: '1.1' });
  } catch (error) {
    throw new FakeApiError(
      status.badRequest(
        `error decoding YAML: error converting YAML to JSON: yaml: ${(error as Error).message.split('\n')[0]}`,
      ),
    );
  }
}

/** Checks an apply configuration the way kube-apiserver 1.20's field manager does first. */
function checkApplyConfig(type: ResourceType, config: unknown, name: string): JsonObject {
  const object = isJsonObject(config) ? config : {};
  const version = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  if (version !== type.apiVersion) {
    throw new FakeApiError(
      status.badRequest(
        `Incorrect version specified in apply patch. Specified patch version: ${version}, expected: ${type.apiVersion}`,
      ),
    );
  }
  const meta = isJsonObject(object.metadata) ? object.metadata : {};
  if (meta.managedFields !== undefined && meta.managedFields !== null) {
    throw new FakeApiError(status.badRequest('metadata.managedFields must be nil'));
  }
  if (typeof meta.name === 'string' && meta.name !== '' && meta.name !== name) {
    throw new FakeApiError(
      status.badRequest(
        `the name of the object (${meta.name}) does not match the name on the URL (${name})`,
      ),
    );
  }
  return object;
}

/**
 * PATCH of an object or its status, in the four forms kube-apiserver 1.20 accepts: JSON patch,
 * merge patch, strategic merge patch (built-in kinds only: 415 for custom resources) and
 * server-side apply (which creates a missing object, answering 201). `?dryRun=All` answers as if
 * stored and stores nothing.
 */
export const handlePatch: ObjectHandler = async (ctx, env, target) => {
  const { type, namespace, name, subresource } = target;
  requireVerb(type, 'patch');
  const sub = subresourceOf(type, subresource);
  const [mediaType = ''] = (ctx.req.headers['content-type'] ?? '').split(';');
  const contentType = mediaType.trim();
  const accepted = type.builtin
    ? [JSON_PATCH, MERGE_PATCH, STRATEGIC_PATCH, APPLY_PATCH]
    : [JSON_PATCH, MERGE_PATCH, APPLY_PATCH];
  if (!ALL_PATCH_TYPES.includes(contentType)) {
    // Refused by the route before the handler: go-restful's own words.
    throw new FakeApiError(
      status.failure(415, 'UnsupportedMediaType', '415: Unsupported Media Type', {}),
    );
  }
  if (!accepted.includes(contentType)) {
    throw new FakeApiError(status.unsupportedMediaType(accepted));
  }
  const apply = contentType === APPLY_PATCH;
  const options = writeOptions(ctx.query, 'PatchOptions', apply);
  const text = await readBody(ctx.req);
  const manager = managerOf(options.fieldManager ?? null, ctx.req.headers['user-agent']);
  const write = {
    http: true,
    manager,
    ...(sub ? { subresource: sub } : {}),
    ...(options.dryRun ? { dryRun: true } : {}),
  };

  if (apply) {
    const config = checkApplyConfig(type, parseApplyBody(text), name);
    const force = options.force === true;
    const ns = type.namespaced ? (namespace ?? 'default') : '';
    let outcome: ApplyOutcome | undefined;
    const managedFields = () => outcome?.managedFields;
    if (env.cluster.get(type, ns, name) === undefined) {
      outcome = serverSideApply({ type, live: undefined, config, manager, force });
      const uid = sentUid(isJsonObject(config.metadata) ? config.metadata : {});
      if (uid !== undefined) throw new FakeApiError(uidOfMissingObject(type, name, uid));
      const body = {
        ...outcome.object,
        metadata: { ...(outcome.object.metadata as JsonObject), name },
      };
      const created = env.cluster.create(type, namespace, body, { ...write, managedFields });
      return ctx.json(201, created.json);
    }
    const stored = env.cluster.patch(
      type,
      namespace,
      name,
      (current) => {
        outcome = serverSideApply({
          type,
          live: current,
          config,
          manager,
          force,
          ...(sub && env.options.profile.managedFieldsSubresource ? { subresource: sub } : {}),
        });
        return outcome.object;
      },
      { ...write, managedFields },
    );
    return ctx.json(200, stored.json);
  }

  const patch = parseJsonBody(text, type.kind);
  const stored = env.cluster.patch(
    type,
    namespace,
    name,
    (current) => {
      if (contentType === STRATEGIC_PATCH) {
        if (!isJsonObject(patch)) {
          throw new FakeApiError(
            status.badRequest(
              `json: cannot unmarshal ${goJsonType(patch)} into Go value of type map[string]interface {}`,
            ),
          );
        }
        return applyStrategicMergePatch(current, patch, type.fieldRules);
      }
      if (contentType === MERGE_PATCH) {
        if (!isJsonObject(patch))
          throw new FakeApiError(status.badRequest('a merge patch must be a JSON object'));
        return applyMergePatch(current, patch);
      }
      if (!Array.isArray(patch)) {
        throw new FakeApiError(
          status.badRequest(
            `json: cannot unmarshal ${goJsonType(patch)} into Go value of type jsonpatch.Patch`,
          ),
        );
      }
      try {
        return applyJsonPatch(current, patch);
      } catch (error) {
        if (!(error instanceof JsonPatchError)) throw error;
        // kube-apiserver 1.20 answers every failed operation with this generic 422.
        throw new FakeApiError(
          status.failure(
            422,
            'Invalid',
            'the server rejected our request due to an error in our request',
            {},
          ),
        );
      }
    },
    write,
  );
  ctx.json(200, stored.json);
};
