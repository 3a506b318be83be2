import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import type { Json } from './support/http.js';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
const cm = { version: 'v1', resource: 'configmaps' } as const;

describe('FakeApiServer serves Tables as kube-apiserver 1.20', () => {
  let server: FakeApiServer;
  beforeAll(async () => {
    server = await FakeApiServer.start();
    server.create(cm, { metadata: { name: 'a', namespace: 'ns' }, data: { x: '1', y: '2' } });
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'gadgets',
      kind: 'Gadget',
      additionalPrinterColumns: [
        { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
        {
          name: 'Ready',
          type: 'string',
          jsonPath: '.status.conditions[?(@.type=="Ready")].status',
          priority: 1,
        },
      ],
    });
    server.create(
      { group: 'example.com', version: 'v1', resource: 'gadgets' },
      {
        metadata: { name: 'g', namespace: 'ns' },
        spec: { size: 3.7 },
        status: { conditions: [{ type: 'Ready', status: 'True' }] },
      },
    );
  });
  afterAll(() => server.close());

  it('answers a LIST with one Table: columns, a row per item, the list metadata', async () => {
    const response = await fetch(`${server.url}/api/v1/namespaces/ns/configmaps`, {
      headers: { accept: TABLE },
    });
    const table = (await response.json()) as Json;
    expect(table.kind).toBe('Table');
    expect(table.apiVersion).toBe('meta.k8s.io/v1');
    expect(table.columnDefinitions.map((c: { name: string }) => c.name)).toEqual([
      'Name',
      'Data',
      'Age',
    ]);
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0].cells.slice(0, 2)).toEqual(['a', 2]);
    expect(table.rows[0].cells[2]).toMatch(/^\d+s$/);
    expect(table.rows[0].object).toMatchObject({
      kind: 'PartialObjectMetadata',
      metadata: { name: 'a' },
    });
    expect(table.metadata.resourceVersion).toBe(server.resourceVersion);
    expect(server.requests.at(-1)).toMatchObject({ kind: 'list', status: 200 });
  });

  it('prints a custom resource with its printer columns, converted to their types', async () => {
    const response = await fetch(`${server.url}/apis/example.com/v1/namespaces/ns/gadgets`, {
      headers: { accept: TABLE },
    });
    const table = (await response.json()) as Json;
    expect(
      table.columnDefinitions.map((c: { name: string; priority: number }) => [c.name, c.priority]),
    ).toEqual([
      ['Name', 0],
      ['Size', 0],
      ['Ready', 1],
    ]);
    expect(table.rows[0].cells).toEqual(['g', 3, 'True']);
  });

  it('answers plain JSON without the Table media type', async () => {
    const response = await fetch(`${server.url}/api/v1/namespaces/ns/configmaps`);
    expect(((await response.json()) as Json).kind).toBe('ConfigMapList');
  });

  it('refuses an unknown includeObject with kube-apiserver 400', async () => {
    const response = await fetch(
      `${server.url}/api/v1/namespaces/ns/configmaps?includeObject=Bogus`,
      {
        headers: { accept: TABLE },
      },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).message).toBe(
      `Unable to convert to Table as requested: includeObject: Invalid value: "Bogus": must be 'Metadata', 'Object', 'None', or empty`,
    );
  });

  it('turns watch events into one-row Tables, with the columns in the first event only', async () => {
    const controller = new AbortController();
    const from = server.resourceVersion;
    const response = await fetch(
      `${server.url}/api/v1/namespaces/ns/configmaps?watch=true&resourceVersion=${from}`,
      { headers: { accept: TABLE }, signal: controller.signal },
    );
    server.create(cm, { metadata: { name: 'b', namespace: 'ns' } });
    server.remove(cm, { namespace: 'ns', name: 'b' });
    const reader = response.body!.getReader();
    let text = '';
    while (text.split('\n').length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const [added, deleted] = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(added.type).toBe('ADDED');
    expect(added.object.kind).toBe('Table');
    expect(added.object.columnDefinitions).toHaveLength(3);
    expect(added.object.rows[0].cells.slice(0, 2)).toEqual(['b', 0]);
    expect(deleted.type).toBe('DELETED');
    expect(deleted.object.columnDefinitions).toBeNull();
    expect(deleted.object.rows[0].object.metadata.name).toBe('b');
  });
});
