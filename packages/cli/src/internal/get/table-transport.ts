import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';
import { isServerTable, type ServerTable, TABLE_ACCEPT, type TableColumn } from './server-table.js';

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
        text: async () => {
          let text = '';
          const decoder = new TextDecoder();
          for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
          return text + decoder.decode();
        },
        dispose: () => response.dispose(),
      };
    },
  };
}

const encoder = new TextEncoder();

function objectsOf(table: ServerTable): unknown[] {
  return table.rows.map((row) => ({ ...(row.object ?? {}), [CELLS]: row.cells }));
}

async function* listBody(
  source: AsyncIterable<Uint8Array>,
  onColumns: (columns: readonly TableColumn[]) => void,
): AsyncIterable<Uint8Array> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of source) text += decoder.decode(chunk, { stream: true });
  text += decoder.decode();
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
  const decoder = new TextDecoder();
  let partial = '';
  for await (const chunk of source) {
    const text = partial + decoder.decode(chunk, { stream: true });
    const end = text.lastIndexOf('\n');
    partial = text.slice(end + 1);
    if (end < 0) continue;
    let out = '';
    for (const line of text.slice(0, end).split('\n')) {
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
    if (out !== '') yield encoder.encode(out);
  }
  if (partial !== '') yield encoder.encode(partial);
}

function isTableWithoutColumns(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Table' &&
    Array.isArray((value as { rows?: unknown }).rows)
  );
}
