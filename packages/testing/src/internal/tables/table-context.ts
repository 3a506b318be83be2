import type { ServerResponse } from 'node:http';
import type { HttpContext } from '../http/http-context.js';
import type { VersionProfile } from '../profiles/version-profile.js';
import type { ResourceType } from '../resources/resource-type.js';
import { tableConverter } from './table-converter.js';
import type { TableRequest } from './table-request.js';

// biome-ignore lint/suspicious/noExplicitAny: objects of any shape, read defensively.
type Obj = any;

/**
 * The request's context, answering with Tables as kube-apiserver does for
 * `Accept: application/json;as=Table;…`: a LIST becomes one Table (the list's metadata, a row per
 * item), a GET a Table of one row (the object's `resourceVersion`), and each watch event's object
 * a Table of one row, with the column definitions in the first event only (`null` after).
 * Failures (Status answers, ERROR events) pass unchanged.
 */
export function tableContext(
  ctx: HttpContext,
  type: ResourceType,
  request: TableRequest,
  profile: VersionProfile,
): HttpContext {
  const converter = tableConverter(type, profile);
  const table = (metadata: unknown, objects: readonly Obj[], headers: boolean) => ({
    kind: 'Table',
    apiVersion: request.apiVersion,
    metadata,
    columnDefinitions: headers ? converter.columnDefinitions : null,
    rows: objects.map((object) => converter.row(object, request.include, Date.now())),
  });
  const wrapped = Object.create(ctx) as HttpContext;
  Object.defineProperty(wrapped, 'json', {
    value(status: number, body: unknown, headers?: Record<string, string | number>) {
      if (status !== 200) return ctx.json(status, body, headers);
      const value: Obj = typeof body === 'string' ? JSON.parse(body) : body;
      const answer =
        value?.kind === type.listKind
          ? table(value.metadata ?? {}, value.items ?? [], true)
          : table({ resourceVersion: value?.metadata?.resourceVersion }, [value], true);
      return ctx.json(200, answer, headers);
    },
  });
  Object.defineProperty(wrapped, 'res', { value: watchResponse(ctx.res, table) });
  return wrapped;
}

/** The response of a watch, with each event line's object turned into a Table. */
function watchResponse(
  res: ServerResponse,
  table: (metadata: unknown, objects: readonly Obj[], headers: boolean) => unknown,
): ServerResponse {
  let partial = '';
  let first = true;
  const convert = (chunk: unknown): string => {
    const text =
      partial +
      (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    const end = text.lastIndexOf('\n');
    partial = text.slice(end + 1);
    if (end < 0) return '';
    let out = '';
    for (const line of text.slice(0, end).split('\n')) {
      let event: Obj;
      try {
        event = JSON.parse(line);
      } catch {
        out += `${line}\n`; // a corrupted line (an injected fault) stays corrupted
        continue;
      }
      if (event?.type === 'ERROR' || typeof event?.object !== 'object') {
        out += `${line}\n`;
        continue;
      }
      const object = event.object;
      const converted = table(
        { resourceVersion: object.metadata?.resourceVersion },
        [object],
        first,
      );
      first = false;
      out += `${JSON.stringify({ type: event.type, object: converted })}\n`;
    }
    return out;
  };
  return new Proxy(res, {
    get(target, property) {
      if (property === 'write') {
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...args: unknown[]) => boolean)(convert(chunk), ...rest);
      }
      if (property === 'end') {
        return (...args: unknown[]) => {
          const [chunk] = args;
          if (chunk === undefined || typeof chunk === 'function') {
            return (target.end as (...a: unknown[]) => ServerResponse)(...args);
          }
          return (target.end as (...a: unknown[]) => ServerResponse)(
            convert(chunk),
            ...args.slice(1),
          );
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
