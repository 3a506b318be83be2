import type { FakePrinterColumn } from '../../objects/fake-printer-column.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';
import { type ResourceType, resourceType } from '../resources/resource-type.js';
import { orderMetadata, timestampNow } from '../store/object-meta.js';

/** The finalizer apiextensions-apiserver puts on a CRD being deleted until its objects are gone. */
export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

/**
 * Sets a condition as apiextensions' `SetCRDCondition` does: replaced by type (its
 * `lastTransitionTime` kept while the status stays), else appended.
 */
export function withCrdCondition(crd: JsonObject, condition: JsonObject): JsonObject {
  const status = isJsonObject(crd.status) ? crd.status : {};
  const conditions = Array.isArray(status.conditions) ? [...status.conditions] : [];
  const at = conditions.findIndex((c) => isJsonObject(c) && c.type === condition.type);
  const existing = at >= 0 ? conditions[at] : undefined;
  const time =
    isJsonObject(existing) && existing.status === condition.status
      ? existing.lastTransitionTime
      : timestampNow();
  const next = {
    type: condition.type,
    status: condition.status,
    lastTransitionTime: time,
    reason: condition.reason,
    message: condition.message,
  };
  if (at >= 0) conditions[at] = next;
  else conditions.push(next);
  return { ...crd, status: { ...status, conditions } };
}

/**
 * The CRD registry's DELETE in 1.20: one write (no field manager, no generation bump) that sets
 * `deletionTimestamp`, adds the cleanup finalizer and a `Terminating` condition; the object is
 * removed once the finalizer is.
 */
function markCrdForDeletion(crd: JsonObject): JsonObject {
  const meta = isJsonObject(crd.metadata) ? crd.metadata : {};
  const finalizers = Array.isArray(meta.finalizers) ? meta.finalizers : [];
  const marked = {
    ...crd,
    metadata: orderMetadata(meta, {
      deletionTimestamp: timestampNow(),
      finalizers: finalizers.includes(CRD_CLEANUP_FINALIZER)
        ? finalizers
        : [...finalizers, CRD_CLEANUP_FINALIZER],
    }),
  };
  return withCrdCondition(marked, {
    type: 'Terminating',
    status: 'True',
    reason: 'InstanceDeletionPending',
    message:
      'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
  });
}

const emptyMeta = { creationTimestamp: null };

/** What a new CRD's status is before the apiextensions controllers see it (1.20). */
function initialStatus(storedVersions: unknown): JsonObject {
  return {
    conditions: null,
    acceptedNames: { plural: '', kind: '' },
    storedVersions: Array.isArray(storedVersions) ? storedVersions : [],
  };
}

/**
 * apiextensions.k8s.io/v1 defaulting, before the field manager records the write: `singular` is
 * the kind in lower case, `listKind` the kind + `List`, `conversion` `{strategy: None}`, and
 * `status.storedVersions` the storage version when empty (so the writer owns it).
 */
export function defaultCrd(object: JsonObject): void {
  const spec = object.spec;
  if (!isJsonObject(spec)) return;
  const names = isJsonObject(spec.names) ? spec.names : undefined;
  if (names !== undefined && typeof names.kind === 'string' && names.kind !== '') {
    if (typeof names.singular !== 'string' || names.singular === '') {
      names.singular = names.kind.toLowerCase();
    }
    if (typeof names.listKind !== 'string' || names.listKind === '') {
      names.listKind = `${names.kind}List`;
    }
  }
  if (spec.conversion === undefined || spec.conversion === null) {
    spec.conversion = { strategy: 'None' };
  }
  const status = isJsonObject(object.status) ? object.status : {};
  const stored = Array.isArray(status.storedVersions) ? status.storedVersions : [];
  if (stored.length === 0 && Array.isArray(spec.versions)) {
    const storage = spec.versions.find((v) => isJsonObject(v) && v.storage === true);
    if (isJsonObject(storage) && typeof storage.name === 'string') {
      object.status = { ...status, storedVersions: [storage.name] };
    }
  }
}

/** The CRD's create strategy, after the field manager: the status starts empty but for storedVersions. */
function prepareCrdForCreate(object: JsonObject): void {
  const status = isJsonObject(object.status) ? object.status : {};
  object.status = initialStatus(status.storedVersions);
}

/** The CRD's update strategy: the main resource keeps the stored status (a status subresource). */
function keepCrdStatus(object: JsonObject, old: JsonObject): void {
  if (old.status !== undefined) object.status = old.status;
}

/** `customresourcedefinitions` as kube-apiserver 1.20 serves them (apiextensions.k8s.io/v1). */
export function crdResourceType(): ResourceType {
  return resourceType(
    {
      group: 'apiextensions.k8s.io',
      version: 'v1',
      resource: 'customresourcedefinitions',
      kind: 'CustomResourceDefinition',
      singular: 'customresourcedefinition',
      namespaced: false,
      shortNames: ['crd', 'crds'],
      categories: ['api-extensions'],
      generation: true,
      statusSubresource: true,
      deleteReturns: 'object',
      emptyObject: {
        metadata: emptyMeta,
        spec: { group: '', names: { plural: '', kind: '' }, scope: '', versions: null },
        status: { conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: null },
      },
    },
    {
      builtin: true,
      unconditionalUpdate: 'invalid',
      labelChecksOnUpdate: 3,
      defaults: defaultCrd,
      prepareForCreate: prepareCrdForCreate,
      prepareForUpdate: keepCrdStatus,
      markForDeletion: markCrdForDeletion,
    },
  );
}

/** The verbs a custom resource has in 1.20's discovery, in its order. */
const CUSTOM_RESOURCE_VERBS = [
  'delete',
  'deletecollection',
  'get',
  'list',
  'patch',
  'create',
  'update',
  'watch',
];

/** The resources a CRD serves: one type per served version, with its printer columns. */
export function crdServedTypes(crd: JsonObject): ResourceType[] {
  const spec = isJsonObject(crd.spec) ? crd.spec : {};
  const names = isJsonObject(spec.names) ? spec.names : {};
  const group = typeof spec.group === 'string' ? spec.group : '';
  const plural = typeof names.plural === 'string' ? names.plural : '';
  const kind = typeof names.kind === 'string' ? names.kind : '';
  if (group === '' || plural === '' || kind === '') return [];
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const versions = Array.isArray(spec.versions) ? spec.versions : [];
  const served = versions.filter(
    (v): v is JsonObject => isJsonObject(v) && v.served === true && typeof v.name === 'string',
  );
  const servedVersions = served.map((v) => ({
    name: String(v.name),
    deprecated: v.deprecated === true,
  }));
  return served.map((v) => {
    const subresources = isJsonObject(v.subresources) ? v.subresources : {};
    const columns = Array.isArray(v.additionalPrinterColumns)
      ? (v.additionalPrinterColumns as unknown as FakePrinterColumn[])
      : undefined;
    return resourceType(
      {
        group,
        version: String(v.name),
        resource: plural,
        kind,
        listKind: typeof names.listKind === 'string' ? names.listKind : `${kind}List`,
        singular: typeof names.singular === 'string' ? names.singular : kind.toLowerCase(),
        namespaced: spec.scope !== 'Cluster',
        shortNames: strings(names.shortNames),
        categories: strings(names.categories),
        verbs: CUSTOM_RESOURCE_VERBS,
        statusSubresource: subresources.status !== undefined && subresources.status !== null,
        ...(columns ? { additionalPrinterColumns: columns } : {}),
        ...(v.deprecated === true ? { deprecated: true } : {}),
        ...(typeof v.deprecationWarning === 'string'
          ? { deprecationWarning: v.deprecationWarning }
          : {}),
      },
      { servedVersions },
    );
  });
}
