import type { KubeResponse, Transport } from '@rxkube/core/transport';
import { describe, expect, it } from 'vitest';
import { CELLS, tableTransport } from '../src/internal/get/table-transport.js';

/** A transport that answers every request 200 with these chunks. */
function answering(chunks: readonly Uint8Array[]): Transport {
  return {
    request: async (): Promise<KubeResponse> => ({
      status: 200,
      header: () => undefined,
      body: (async function* () {
        yield* chunks;
      })(),
      text: async () => Buffer.concat(chunks).toString(),
      dispose: async () => {},
    }),
  };
}

async function bytesOf(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const json = { accept: 'application/json' };
const columns = [{ name: 'Name', type: 'string', format: 'name' }];
const table = (name: string) => ({
  kind: 'Table',
  apiVersion: 'meta.k8s.io/v1',
  metadata: { resourceVersion: '5' },
  columnDefinitions: columns,
  rows: [{ cells: [name], object: { metadata: { name } } }],
});
const watchLine = (name: string) => `${JSON.stringify({ type: 'ADDED', object: table(name) })}\n`;

async function watch(chunks: readonly Uint8Array[]): Promise<Buffer> {
  const transport = tableTransport(answering(chunks), () => {});
  const response = await transport.request({
    path: '/api/v1/pods',
    query: { watch: 'true' },
    headers: json,
  });
  return bytesOf(response.body);
}

describe('tableTransport, Tables turned back into objects for get -w', () => {
  it('keeps a character split between chunks whole, in a list and in a watch', async () => {
    const bytes = Buffer.from(watchLine('café'));
    const at = bytes.indexOf(Buffer.from('é')) + 1; // inside the two bytes of é
    const out = (await watch([bytes.subarray(0, at), bytes.subarray(at)])).toString();
    const event = JSON.parse(out.trim());
    expect(event.object.metadata.name).toBe('café');
    expect(event.object[CELLS]).toEqual(['café']);

    const list = Buffer.from(JSON.stringify(table('café')));
    const cut = list.indexOf(Buffer.from('é')) + 1;
    const transport = tableTransport(
      answering([list.subarray(0, cut), list.subarray(cut)]),
      () => {},
    );
    const response = await transport.request({ path: '/api/v1/pods', headers: json });
    expect(JSON.parse((await bytesOf(response.body)).toString()).items[0].metadata.name).toBe(
      'café',
    );
  });

  it('passes bytes that are not UTF-8 on unchanged, for the body decoder to refuse', async () => {
    const bad = Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]); // `{`, two bytes never in UTF-8, `}`
    const list = tableTransport(answering([bad]), () => {});
    const response = await list.request({ path: '/api/v1/pods', headers: json });
    expect(await bytesOf(response.body)).toEqual(bad);

    const first = Buffer.from(watchLine('a'));
    const out = await watch([first, bad]);
    expect(JSON.parse(out.subarray(0, out.indexOf(0x0a)).toString()).object.metadata.name).toBe(
      'a',
    );
    expect(out.subarray(out.indexOf(0x0a) + 1)).toEqual(bad);
  });

  it('keeps a character left incomplete at the end of a watch as bytes, not as U+FFFD', async () => {
    const cut = Buffer.from('é').subarray(0, 1);
    const out = await watch([Buffer.from(watchLine('a')), cut]);
    expect(out.subarray(out.indexOf(0x0a) + 1)).toEqual(cut);
  });
});
