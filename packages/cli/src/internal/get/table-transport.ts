import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';
import {
  isServerTable,
  type ServerTable,
  TABLE_ACCEPT,
  type TableColumn,
} from '../server-table.js';
import { NotUtf8Error, Utf8Text } from '../utf8-text.js';

/** Where a row's cells travel on its object, through the collection machinery. */
export const CELLS = 'rxkube.io/table-cells';

/**
 * A transport for `get -w` with a table: the LIST and WATCH requests of the collection ask for
 * Tables (`includeObject=Object`, as kubectl's watch does), and each answer is turned back into
 * what `list$` and `watch$` read — a list of objects, one event per object — with every
 * object carrying its row's cells under {@link CELLS}. The column definitions go to
 * `onColumns`. Answers that are not Tables (a server without server-side printing, errors)
 * pass unchanged.
 */
export function tableTransport(
  inner: Transport,
  onColumns: (columns: readonly TableColumn[]) => void,
): Transport {
  return {
    async request(request: KubeRequest): Promise<KubeResponse> {
      if ((request.method ?? 'GET') !== 'GET' || request.headers?.accept !== 'application/json') {
        return inner.request(request);
      }
      const response = await inner.request({
        ...request,
        headers: { ...request.headers, accept: TABLE_ACCEPT },
        query: { ...request.query, includeObject: 'Object' },
      });
      if (response.status !== 200) return response;
      const watching = String(request.query?.watch ?? '') === 'true';
      const body = watching
        ? watchLines(response.body, onColumns)
        : listBody(response.body, onColumns);
      return {
        status: response.status,
        header: (name) => response.header(name),
        body,
        text: async () => (await bytesOf(body)).toString(),
        dispose: () => response.dispose(),
      };
    },
  };
}

const encoder = new TextEncoder();

/**
 * The whole of a body as UTF-8 text, or `undefined` when it is not UTF-8 (the caller then passes
 * the bytes on, for the body decoder to refuse as it would without this transport).
 */
function textOf(bytes: Uint8Array): string | undefined {
  const text = new Utf8Text();
  try {
    return text.next(bytes) + text.end();
  } catch (error) {
    if (error instanceof NotUtf8Error) return undefined;
    throw error;
  }
}

async function bytesOf(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function objectsOf(table: ServerTable): unknown[] {
  return table.rows.map((row) => ({ ...(row.object ?? {}), [CELLS]: row.cells }));
}

async function* listBody(
  source: AsyncIterable<Uint8Array>,
  onColumns: (columns: readonly TableColumn[]) => void,
): AsyncIterable<Uint8Array> {
  const bytes = await bytesOf(source);
  const text = textOf(bytes);
  if (text === undefined) {
    yield bytes;
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    yield encoder.encode(text);
    return;
  }
  if (!isServerTable(value)) {
    yield encoder.encode(text);
    return;
  }
  onColumns(value.columnDefinitions);
  yield encoder.encode(
    JSON.stringify({
      kind: 'List',
      apiVersion: 'v1',
      metadata: value.metadata ?? {},
      items: objectsOf(value),
    }),
  );
}

async function* watchLines(
  source: AsyncIterable<Uint8Array>,
  onColumns: (columns: readonly TableColumn[]) => void,
): AsyncIterable<Uint8Array> {
  const utf8 = new Utf8Text();
  let partial = '';
  /** Set once bytes were not UTF-8: from there on, everything passes as it came. */
  let raw = false;
  const take = function* (text: string): Generator<Uint8Array> {
    const all = partial + text;
    const end = all.lastIndexOf('\n');
    partial = all.slice(end + 1);
    if (end < 0) return;
    const out = tableLines(all.slice(0, end), onColumns);
    if (out !== '') yield encoder.encode(out);
  };
  const passOn = function* (error: unknown): Generator<Uint8Array> {
    if (!(error instanceof NotUtf8Error)) throw error;
    yield* take(error.valid);
    yield Buffer.concat([encoder.encode(partial), error.rest]);
    partial = '';
    raw = true;
  };
  for await (const chunk of source) {
    if (raw) {
      yield chunk;
      continue;
    }
    try {
      yield* take(utf8.next(chunk));
    } catch (error) {
      yield* passOn(error);
    }
  }
  if (raw) return;
  try {
    yield* take(utf8.end());
  } catch (error) {
    yield* passOn(error);
    return;
  }
  if (partial !== '') yield encoder.encode(partial);
}

/** Complete watch lines with the Tables in them turned into one event per object. */
function tableLines(text: string, onColumns: (columns: readonly TableColumn[]) => void): string {
  let out = '';
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let event: { type?: string; object?: unknown };
    try {
      event = JSON.parse(line);
    } catch {
      out += `${line}\n`; // the decoder reports it
      continue;
    }
    if (!isServerTable(event.object) && !isTableWithoutColumns(event.object)) {
      out += `${line}\n`;
      continue;
    }
    const table = event.object as ServerTable;
    if (Array.isArray(table.columnDefinitions)) onColumns(table.columnDefinitions);
    for (const object of objectsOf(table))
      out += `${JSON.stringify({ type: event.type, object })}\n`;
  }
  return out;
}

function isTableWithoutColumns(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Table' &&
    Array.isArray((value as { rows?: unknown }).rows)
  );
}
