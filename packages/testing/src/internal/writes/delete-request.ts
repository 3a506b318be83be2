import { FakeApiError } from '../../fake-api-error.js';
import { isJsonObject } from '../json/json-value.js';
import * as status from '../status.js';
import type { DeleteOptions, DeletePreconditions } from '../store/delete-object.js';
import { writeOptions } from './write-options.js';

const POLICIES = ['Foreground', 'Background', 'Orphan'] as const;

/** What a DELETE asks for: preconditions, propagation policy and dry run. */
export interface DeleteRequest {
  readonly preconditions: DeletePreconditions;
  readonly options: DeleteOptions;
}

/**
 * Reads the `DeleteOptions` of a DELETE from its query (`propagationPolicy`, `dryRun`) and its
 * body (which wins where both say something), with kube-apiserver 1.20's 422 for an unknown
 * policy or dry-run value.
 */
export function deleteRequest(query: URLSearchParams, body: unknown): DeleteRequest {
  const fromBody = isJsonObject(body) ? body : {};
  const dryRunQuery = writeOptions(query, 'DeleteOptions').dryRun;
  const bodyDryRun = Array.isArray(fromBody.dryRun) ? fromBody.dryRun.map(String) : undefined;
  if (bodyDryRun !== undefined) {
    writeOptions(
      new URLSearchParams(bodyDryRun.map((v): [string, string] => ['dryRun', v])),
      'DeleteOptions',
    );
  }
  const dryRun = bodyDryRun !== undefined ? bodyDryRun.length > 0 : dryRunQuery;
  const policy =
    typeof fromBody.propagationPolicy === 'string'
      ? fromBody.propagationPolicy
      : (query.get('propagationPolicy') ?? undefined);
  if (policy !== undefined && !(POLICIES as readonly string[]).includes(policy)) {
    const message = `Unsupported value: ${JSON.stringify(policy)}: supported values: "Foreground", "Background", "Orphan", "nil"`;
    throw new FakeApiError(
      status.failure(
        422,
        'Invalid',
        `DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: ${message}`,
        {
          group: 'meta.k8s.io',
          kind: 'DeleteOptions',
          causes: [{ reason: 'FieldValueNotSupported', message, field: 'propagationPolicy' }],
        },
      ),
    );
  }
  const pre = isJsonObject(fromBody.preconditions) ? fromBody.preconditions : {};
  return {
    preconditions: {
      ...(typeof pre.uid === 'string' ? { uid: pre.uid } : {}),
      ...(typeof pre.resourceVersion === 'string' ? { resourceVersion: pre.resourceVersion } : {}),
    },
    options: {
      ...(policy !== undefined ? { propagationPolicy: policy as (typeof POLICIES)[number] } : {}),
      ...(dryRun ? { dryRun: true } : {}),
    },
  };
}
