import { randomInt } from 'node:crypto';
import { DEFAULTS } from '../defaults.js';
import type { JsonObject } from '../json/json-value.js';

// ObjectMeta's field order in kube-apiserver's JSON.
const META_ORDER = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'clusterName',
  'managedFields',
];
const META_KNOWN = new Set(META_ORDER);

/**
 * Metadata with its fields in kube-apiserver's order: the fields `system` names (an explicit
 * `undefined` removes one) override the caller's; unknown fields go last; undefined ones are
 * dropped. Built field by field, without object spread, because it runs on every write.
 */
export function orderMetadata(user: JsonObject, system: JsonObject = {}): JsonObject {
  const out: JsonObject = {};
  for (const key of META_ORDER) {
    const value = Object.hasOwn(system, key) ? system[key] : user[key];
    if (value !== undefined) out[key] = value;
  }
  for (const key of Object.keys(user)) {
    if (!META_KNOWN.has(key) && user[key] !== undefined) out[key] = user[key];
  }
  return out;
}

/** An object with `kind`, `apiVersion`, `metadata` (used as given) first, the rest in order. */
export function orderObject(
  kind: string,
  apiVersion: string,
  metadata: JsonObject,
  body: JsonObject,
): JsonObject {
  const out: JsonObject = { kind, apiVersion, metadata };
  for (const key of Object.keys(body)) {
    if (key !== 'kind' && key !== 'apiVersion' && key !== 'metadata') out[key] = body[key];
  }
  return out;
}

const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Why a name is invalid, in kube-apiserver's words, or `undefined` when it is fine. */
export function invalidNameReason(name: string, rule: 'label' | 'subdomain'): string | undefined {
  if (rule === 'label') {
    if (name.length > 63) return 'must be no more than 63 characters';
    if (!LABEL.test(name)) {
      return "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    }
    return undefined;
  }
  if (name.length > 253) return 'must be no more than 253 characters';
  if (!SUBDOMAIN.test(name)) {
    return "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
  }
  return undefined;
}

// The alphabet kube-apiserver draws generateName suffixes from (no vowels, no confusables).
const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** A random suffix for `metadata.generateName`. */
export function generateNameSuffix(): string {
  let suffix = '';
  for (let i = 0; i < DEFAULTS.generateNameSuffixLength; i++) {
    suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  }
  return suffix;
}

let lastSecond = 0;
let lastStamp = '';

/** Now as kube-apiserver renders `creationTimestamp`: RFC 3339 in whole seconds. */
export function timestampNow(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastStamp = `${new Date(second * 1000).toISOString().slice(0, 19)}Z`;
  }
  return lastStamp;
}
