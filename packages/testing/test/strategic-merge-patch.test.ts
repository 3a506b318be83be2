import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call, type Json } from './support/http.js';

const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
const SMP = 'application/strategic-merge-patch+json';

const deployment = {
  metadata: { name: 'd', labels: { a: '1', b: '2' }, finalizers: ['x/a'] },
  spec: {
    selector: { matchLabels: { app: 'd' } },
    template: {
      metadata: { labels: { app: 'd' } },
      spec: {
        containers: [
          {
            name: 'a',
            image: 'i:1',
            ports: [{ containerPort: 80 }, { containerPort: 81 }],
            env: [{ name: 'A', value: '1' }],
          },
          { name: 'b', image: 'i:2' },
        ],
        volumes: [{ name: 'v1', emptyDir: {} }],
      },
    },
  },
};

// What kube-apiserver 1.20.2 answered to the same patch (fixtures/apiserver-captures/writes).
describe('strategic merge patch', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    await call(server, DEPLOY, { method: 'POST', body: deployment });
  });
  afterEach(() => server.close());

  it('merges lists by their merge keys, new items first, with $patch: delete and null', async () => {
    const { status, body } = await call(server, `${DEPLOY}/d`, {
      method: 'PATCH',
      contentType: SMP,
      body: {
        metadata: { labels: { a: null, c: '3' }, finalizers: ['x/b'] },
        spec: {
          template: {
            spec: {
              containers: [
                { name: 'c', image: 'i:3' },
                {
                  name: 'a',
                  image: 'i:9',
                  ports: [{ containerPort: 82 }, { containerPort: 80, $patch: 'delete' }],
                  env: [{ name: 'B', value: '2' }],
                },
              ],
              volumes: [{ name: 'v2', emptyDir: {} }],
            },
          },
        },
      },
    });
    expect(status).toBe(200);
    const spec = body.spec.template.spec;
    expect(body.metadata.labels).toEqual({ b: '2', c: '3' });
    expect(body.metadata.finalizers).toEqual(['x/b', 'x/a']);
    expect(spec.containers.map((c: Json) => [c.name, c.image])).toEqual([
      ['c', 'i:3'],
      ['a', 'i:9'],
      ['b', 'i:2'],
    ]);
    expect(spec.containers[1].ports.map((p: Json) => p.containerPort)).toEqual([82, 81]);
    expect(spec.containers[1].env).toEqual([
      { name: 'B', value: '2' },
      { name: 'A', value: '1' },
    ]);
    expect(spec.volumes.map((v: Json) => v.name)).toEqual(['v2', 'v1']);
  });

  it('replaces a list with {"$patch":"replace"} and drops values with $deleteFromPrimitiveList', async () => {
    const { body } = await call(server, `${DEPLOY}/d`, {
      method: 'PATCH',
      contentType: SMP,
      body: {
        metadata: { '$deleteFromPrimitiveList/finalizers': ['x/a'] },
        spec: {
          template: {
            spec: { containers: [{ name: 'z', image: 'i:0' }, { $patch: 'replace' }] },
          },
        },
      },
    });
    expect(body.metadata.finalizers).toBeUndefined();
    expect(body.spec.template.spec.containers).toEqual([{ name: 'z', image: 'i:0' }]);
  });

  it('answers a body that is not an object with 400 in Go words, and 415 for custom resources', async () => {
    const array = await call(server, `${DEPLOY}/d`, {
      method: 'PATCH',
      contentType: SMP,
      body: [],
    });
    expect([array.status, array.body.message]).toEqual([
      400,
      'json: cannot unmarshal array into Go value of type map[string]interface {}',
    ]);
    const custom = await FakeApiServer.start();
    custom.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    });
    try {
      await call(custom, '/apis/example.com/v1/namespaces/default/widgets', {
        method: 'POST',
        body: { metadata: { name: 'w' } },
      });
      const refused = await call(custom, '/apis/example.com/v1/namespaces/default/widgets/w', {
        method: 'PATCH',
        contentType: SMP,
        body: {},
      });
      expect(refused.status).toBe(415);
      expect(refused.body.reason).toBe('UnsupportedMediaType');
    } finally {
      await custom.close();
    }
  });
});
