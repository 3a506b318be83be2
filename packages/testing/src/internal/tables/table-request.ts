import type { IncomingMessage } from 'node:http';
import { FakeApiError } from '../../fake-api-error.js';
import * as status from '../status.js';
import type { IncludeObject } from './table-converter.js';

/** A request for Tables: which version of `meta.k8s.io` and what rows carry of their object. */
export interface TableRequest {
  readonly apiVersion: 'meta.k8s.io/v1' | 'meta.k8s.io/v1beta1';
  readonly include: IncludeObject;
}

/**
 * Whether the request asks for a Table (`Accept: application/json;as=Table;v=v1;g=meta.k8s.io`,
 * as kubectl sends it), reading the media types in order; `undefined` for plain JSON. An unknown
 * `includeObject` is the 400 kube-apiserver answers.
 */
export function tableRequest(
  req: IncomingMessage,
  query: URLSearchParams,
): TableRequest | undefined {
  const accept = req.headers.accept ?? '';
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((part) => part.trim());
    if (type !== 'application/json' && type !== '*/*') continue;
    const values = new Map(
      params.map((p) => {
        const eq = p.indexOf('=');
        return [p.slice(0, eq).trim(), p.slice(eq + 1).trim()] as const;
      }),
    );
    if (values.get('as') === undefined) return undefined;
    if (values.get('as') !== 'Table' || values.get('g') !== 'meta.k8s.io') continue;
    const version = values.get('v');
    if (version !== 'v1' && version !== 'v1beta1') continue;
    return { apiVersion: `meta.k8s.io/${version}`, include: includeObject(query) };
  }
  return undefined;
}

function includeObject(query: URLSearchParams): IncludeObject {
  const value = query.get('includeObject') ?? '';
  if (value === '') return 'Metadata';
  if (value === 'Metadata' || value === 'Object' || value === 'None') return value;
  throw new FakeApiError(
    status.badRequest(
      `Unable to convert to Table as requested: includeObject: Invalid value: ${JSON.stringify(value)}: must be 'Metadata', 'Object', 'None', or empty`,
    ),
  );
}
