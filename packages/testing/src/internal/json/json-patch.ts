import { isJsonObject, type JsonObject, jsonEqual } from './json-value.js';

/** A JSON patch that cannot be applied. */
export class JsonPatchError extends Error {}

interface Operation {
  readonly op: string;
  readonly path: string;
  readonly from?: string;
  readonly value?: unknown;
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new JsonPatchError(`invalid JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function parentOf(doc: unknown, parts: string[]): { parent: unknown; last: string } {
  let current = doc;
  for (const part of parts.slice(0, -1)) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isJsonObject(current)) current = current[part];
    else current = undefined;
    if (current === undefined) throw new JsonPatchError(`path not found: /${parts.join('/')}`);
  }
  const last = parts.at(-1);
  // The root has no parent: as kube-apiserver's JSON patch, a root path is missing for remove.
  if (last === undefined) throw new JsonPatchError('path not found: /');
  return { parent: current, last };
}

function get(doc: unknown, parts: string[]): unknown {
  if (parts.length === 0) return doc;
  const { parent, last } = parentOf(doc, parts);
  const value = Array.isArray(parent)
    ? parent[Number(last)]
    : isJsonObject(parent)
      ? parent[last]
      : undefined;
  if (value === undefined) throw new JsonPatchError(`path not found: /${parts.join('/')}`);
  return value;
}

function remove(doc: unknown, parts: string[]): unknown {
  const { parent, last } = parentOf(doc, parts);
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index < 0 || index >= parent.length) {
      throw new JsonPatchError(`index out of range: /${parts.join('/')}`);
    }
    return parent.splice(index, 1)[0];
  }
  if (!isJsonObject(parent) || !Object.hasOwn(parent, last)) {
    throw new JsonPatchError(`path not found: /${parts.join('/')}`);
  }
  const value = parent[last];
  delete parent[last];
  return value;
}

function add(doc: unknown, parts: string[], value: unknown, replace: boolean): unknown {
  if (parts.length === 0) return value;
  const { parent, last } = parentOf(doc, parts);
  if (Array.isArray(parent)) {
    const index = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) {
      throw new JsonPatchError(`index out of range: /${parts.join('/')}`);
    }
    if (replace) parent[index] = value;
    else parent.splice(index, 0, value);
  } else if (isJsonObject(parent)) {
    // As kube-apiserver 1.20's JSON patch: replacing a missing key of an object sets it.
    (parent as JsonObject)[last] = value;
  } else {
    throw new JsonPatchError(`path not found: /${parts.join('/')}`);
  }
  return doc;
}

/** Applies an RFC 6902 JSON patch to a copy of `target`. */
export function applyJsonPatch(target: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) throw new JsonPatchError('a JSON patch must be an array');
  let doc = clone(target);
  for (const raw of patch as Operation[]) {
    if (!isJsonObject(raw) || typeof raw.path !== 'string') {
      throw new JsonPatchError('invalid JSON patch operation');
    }
    const parts = parsePointer(raw.path);
    switch (raw.op) {
      case 'add':
        doc = add(doc, parts, clone(raw.value), false);
        break;
      case 'replace':
        if (parts.length > 0 && Array.isArray(parentOf(doc, parts).parent)) get(doc, parts);
        doc = add(doc, parts, clone(raw.value), true);
        break;
      case 'remove':
        remove(doc, parts);
        break;
      case 'move': {
        const value = remove(doc, parsePointer(String(raw.from)));
        doc = add(doc, parts, value, false);
        break;
      }
      case 'copy':
        doc = add(doc, parts, clone(get(doc, parsePointer(String(raw.from)))), false);
        break;
      case 'test':
        if (!jsonEqual(get(doc, parts), raw.value)) {
          throw new JsonPatchError(`testing value /${parts.join('/')} failed`);
        }
        break;
      default:
        throw new JsonPatchError(`unexpected kind: ${String(raw.op)}`);
    }
  }
  return doc;
}
