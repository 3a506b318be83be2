import type { KubeClient, KubeObject } from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import { monotonicScheduler, scheduleAfter } from '@rxkube/core/time';
import { resourcePath } from '@rxkube/core/transport';
import { loadedErrorFromResponse } from '../error-from-response-loader.js';
import { ServerError } from '../server-error.js';
import { isServerTable, type ServerTable, TABLE_ACCEPT, type TableRow } from '../server-table.js';

/** What to fetch of one resource type: names (GET each) or a selection (paginated LIST). */
export interface FetchRequest {
  readonly resource: ApiResource;
  /** Undefined: every namespace (or a cluster-scoped resource). */
  readonly namespace: string | undefined;
  readonly names: readonly string[];
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  readonly chunkSize: number;
  /** Per request, in ms; 0 or absent: none. */
  readonly timeoutMs?: number;
  readonly signal: AbortSignal;
  /** Called after each page of a LIST: its number, the items so far, the remaining count. */
  readonly onPage?: (page: number, items: number, remaining: number | undefined) => void;
}

/** What came back: objects or Table rows, and the failures of single names (`NotFound`). */
export interface Fetched<T> {
  readonly items: T[];
  /** Column definitions when Tables were asked for and served. */
  readonly table?: ServerTable;
  readonly errors: ServerError[];
}

function collectionPath(request: FetchRequest): string {
  const { resource, namespace } = request;
  return resourcePath({
    ...(resource.group ? { group: resource.group } : {}),
    version: resource.version,
    resource: resource.name,
    ...(resource.namespaced && namespace !== undefined ? { namespace } : {}),
  });
}

async function getJson(
  client: KubeClient,
  request: FetchRequest,
  path: string,
  query: Record<string, string>,
  accept: string,
): Promise<unknown> {
  // `--request-timeout` of any length (AbortSignal.timeout would fire at once past 24.8 days).
  const deadline = new AbortController();
  const timer = request.timeoutMs
    ? scheduleAfter(
        monotonicScheduler,
        request.timeoutMs,
        () => deadline.abort(new DOMException('the request timed out', 'TimeoutError')),
        { unref: true },
      )
    : undefined;
  let body: string;
  let response: Awaited<ReturnType<KubeClient['transport']['request']>>;
  try {
    response = await client.transport.request({
      path,
      query: request.timeoutMs
        ? { ...query, timeout: `${Math.ceil(request.timeoutMs / 1000)}s` }
        : query,
      headers: { accept },
      signal:
        timer === undefined ? request.signal : AbortSignal.any([request.signal, deadline.signal]),
    });
    body = await response.text();
  } finally {
    timer?.unsubscribe();
  }
  if (response.status !== 200) {
    throw ServerError.from(
      await loadedErrorFromResponse(response.status, body, (name) => response.header(name)),
    );
  }
  try {
    return JSON.parse(body);
  } catch (error) {
    throw ServerError.from(
      await loadedErrorFromResponse(response.status, body, (name) => response.header(name)),
      error,
    );
  }
}

async function fetchAll<T>(
  client: KubeClient,
  request: FetchRequest,
  accept: string,
  extra: Record<string, string>,
  take: (answer: unknown) => {
    items: T[];
    table?: ServerTable;
    continue?: string;
    remaining?: number;
  },
): Promise<Fetched<T>> {
  const base = collectionPath(request);
  const items: T[] = [];
  const errors: ServerError[] = [];
  let table: ServerTable | undefined;
  if (request.names.length > 0) {
    for (const name of request.names) {
      try {
        const got = take(
          await getJson(client, request, `${base}/${encodeURIComponent(name)}`, extra, accept),
        );
        items.push(...got.items);
        table ??= got.table;
      } catch (error) {
        if (error instanceof ServerError && error.code === 404) errors.push(error);
        else throw error;
      }
    }
    return { items, errors, ...(table ? { table } : {}) };
  }
  let next: string | undefined;
  let page = 0;
  do {
    const query: Record<string, string> = { ...extra };
    if (request.chunkSize > 0) query.limit = String(request.chunkSize);
    if (next) query.continue = next;
    if (request.labelSelector) query.labelSelector = request.labelSelector;
    if (request.fieldSelector) query.fieldSelector = request.fieldSelector;
    const got = take(await getJson(client, request, base, query, accept));
    items.push(...got.items);
    table ??= got.table;
    next = got.continue;
    page++;
    request.onPage?.(page, items.length, got.remaining);
  } while (next);
  return { items, errors, ...(table ? { table } : {}) };
}

/** The objects of a request, as JSON (for `-o json|yaml|name|jsonpath|custom-columns`). */
export function fetchObjects(
  client: KubeClient,
  request: FetchRequest,
): Promise<Fetched<KubeObject>> {
  const typeMeta = {
    apiVersion: request.resource.group
      ? `${request.resource.group}/${request.resource.version}`
      : request.resource.version,
    kind: request.resource.kind,
  };
  return fetchAll(client, request, 'application/json', {}, (answer) => {
    const value = answer as {
      items?: KubeObject[];
      metadata?: { continue?: string; remainingItemCount?: number };
    };
    if (Array.isArray(value.items)) {
      return {
        items: value.items.map((item) => ({ ...typeMeta, ...item })),
        ...(value.metadata?.continue ? { continue: value.metadata.continue } : {}),
        ...(value.metadata?.remainingItemCount === undefined
          ? {}
          : { remaining: value.metadata.remainingItemCount }),
      };
    }
    return { items: [answer as KubeObject] };
  });
}

/**
 * The rows of a request as server-side Tables (kubectl's Accept header); `object` in each row is
 * the metadata, or the whole object with `includeObject: 'Object'` (for `--sort-by`). A server
 * that answers with plain objects instead yields no `table`, and its objects as rows' objects.
 */
export function fetchTableRows(
  client: KubeClient,
  request: FetchRequest,
  includeObject: 'Metadata' | 'Object',
): Promise<Fetched<TableRow>> {
  const extra: Record<string, string> = includeObject === 'Object' ? { includeObject } : {};
  return fetchAll(client, request, TABLE_ACCEPT, extra, (answer) => {
    if (isServerTable(answer)) {
      return {
        items: [...answer.rows],
        table: answer,
        ...(answer.metadata?.continue ? { continue: answer.metadata.continue } : {}),
        ...(answer.metadata?.remainingItemCount === undefined
          ? {}
          : { remaining: answer.metadata.remainingItemCount }),
      };
    }
    const value = answer as { items?: TableRow['object'][]; metadata?: { continue?: string } };
    const objects = Array.isArray(value.items) ? value.items : [answer as TableRow['object']];
    return {
      items: objects.map((object) => ({ cells: [], object: object ?? null })),
      ...(value.metadata?.continue ? { continue: value.metadata.continue } : {}),
    };
  });
}
