import type { MuxClientFrame } from '@rxkube/core/transport';
import { isForwardedMethod } from './upstream-request.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A client frame from a text message, or why it is not one (never throws). */
export function parseClientFrame(text: string): MuxClientFrame | { readonly invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { invalid: 'a frame is not JSON' };
  }
  if (!isRecord(value)) return { invalid: 'a frame is not a JSON object' };
  const id = value.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    return { invalid: 'a frame has no integer id' };
  }
  if (value.t === 'cancel') return { t: 'cancel', id };
  if (value.t === 'credit') {
    if (!isPositiveInteger(value.bytes)) {
      return { invalid: `credit of request ${id} is not a positive integer` };
    }
    return { t: 'credit', id, bytes: value.bytes };
  }
  if (value.t !== 'req') return { invalid: 'a frame has an unknown type' };
  const method = value.method ?? 'GET';
  if (!isForwardedMethod(method)) return { invalid: `request ${id} has an unsupported method` };
  if (typeof value.path !== 'string' || !value.path.startsWith('/')) {
    return { invalid: `request ${id} has no absolute path` };
  }
  const query: Record<string, string | number | boolean> = {};
  if (value.query !== undefined) {
    if (!isRecord(value.query))
      return { invalid: `request ${id} has a query that is not an object` };
    for (const [name, param] of Object.entries(value.query)) {
      if (param === undefined || param === null) continue;
      if (!isScalar(param))
        return { invalid: `request ${id} has a query value that is not a scalar` };
      query[name] = param;
    }
  }
  const headers: Record<string, string> = {};
  if (value.headers !== undefined) {
    if (!isRecord(value.headers))
      return { invalid: `request ${id} has headers that are not an object` };
    for (const [name, header] of Object.entries(value.headers)) {
      if (typeof header !== 'string')
        return { invalid: `request ${id} has a header that is not a string` };
      headers[name] = header;
    }
  }
  if (value.body !== undefined && typeof value.body !== 'string') {
    return { invalid: `request ${id} has a body that is not a string` };
  }
  // At least 4 bytes: the longest UTF-8 character, so that a character held back where the
  // credit ends can always be sent once the client has read the rest.
  if (value.window !== undefined && !(isPositiveInteger(value.window) && value.window >= 4)) {
    return { invalid: `request ${id} has a window that is not an integer of at least 4` };
  }
  return {
    t: 'req',
    id,
    method,
    path: value.path,
    query,
    headers,
    ...(value.body === undefined ? {} : { body: value.body }),
    ...(value.streaming === true ? { streaming: true } : {}),
    ...(value.window === undefined ? {} : { window: value.window }),
  };
}
