import type { Delta, KubeObject } from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import { goYaml } from '../print/go-yaml.js';

/** `apps/v1`, or `v1` for the core API. */
export function apiVersionOf(resource: ApiResource): string {
  return resource.group ? `${resource.group}/${resource.version}` : resource.version;
}

/** The object with `apiVersion` and `kind` filled in (list items come without them). */
export function withTypeMeta(object: KubeObject, resource: ApiResource): KubeObject {
  if (object.apiVersion && object.kind) return object;
  return { apiVersion: apiVersionOf(resource), kind: resource.kind, ...object };
}

/** `pod/web-0`, `deployment.apps/web`: kubectl's `-o name`. */
export function nameOf(object: KubeObject, resource: ApiResource): string {
  const kind = resource.kind.toLowerCase();
  return `${resource.group ? `${kind}.${resource.group}` : kind}/${object.metadata?.name ?? ''}`;
}

/** A list as kubectl prints it with `-o json|yaml`: a `v1` `List`. */
export function listDocument(items: readonly KubeObject[], resource: ApiResource): object {
  return {
    apiVersion: 'v1',
    items: items.map((item) => withTypeMeta(item, resource)),
    kind: 'List',
    metadata: { resourceVersion: '' },
  };
}

/** A change as one document: `{ type, key, object }`. */
export function deltaDocument(delta: Delta, resource: ApiResource): object {
  return { type: delta.type, key: delta.key, object: withTypeMeta(delta.object, resource) };
}

/** A document in `json` (indented), `yaml` or `ndjson` (one line), with its line end. */
export function formatDocument(document: object, format: 'json' | 'yaml' | 'ndjson'): string {
  if (format === 'ndjson') return `${JSON.stringify(document)}\n`;
  if (format === 'json') return `${JSON.stringify(document, null, 4)}\n`;
  return goYaml(document);
}
