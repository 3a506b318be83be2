import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResourceVersionExpiredError } from '../../src/errors/index.js';
import {
  createFetchClient,
  DecodeError,
  HttpStatusError,
  InvalidObjectError,
  type KubeClient,
  kubeObjectSchema,
  type ListPageProgress,
  list$,
} from '../../src/index.js';
import {
  json,
  pod,
  type ScriptServer,
  startScriptServer,
  until,
} from '../support/script-server.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
const expired = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: { continue: 'fresh' },
  status: 'Failure',
  message: 'The provided continue parameter is too old to display a consistent list result.',
  reason: 'Expired',
  code: 410,
};
const page = (names: string[], rv: string, extra: Record<string, unknown> = {}) => ({
  kind: 'PodList',
  apiVersion: 'v1',
  metadata: { resourceVersion: rv, ...extra },
  items: names.map((name) => pod(name, rv)),
});

let server: ScriptServer;
let client: KubeClient;
beforeEach(async () => {
  server = await startScriptServer();
  client = createFetchClient({ baseUrl: server.url });
});
afterEach(async () => {
  await server.close();
});

describe('list$', () => {
  it('follows continue tokens and emits one complete list with the version to watch from', async () => {
    server.script(
      json(200, page(['a', 'b'], '10', { continue: 'c1', remainingItemCount: 1 })),
      json(200, page(['c'], '10')),
    );
    const emitted = await lastValueFrom(list$(client, pods, { pageSize: 2 }).pipe(toArray()));
    expect(emitted).toHaveLength(1);
    const [result] = emitted;
    assert(result, 'one complete list');
    expect(result.items.map((item) => item.metadata?.name)).toEqual(['a', 'b', 'c']);
    expect(result.resourceVersion).toBe('10');
    expect(server.requests.map((r) => [r.path, r.query])).toEqual([
      ['/api/v1/namespaces/default/pods', { limit: '2' }],
      ['/api/v1/namespaces/default/pods', { limit: '2', continue: 'c1' }],
    ]);
  });

  it('asks for 500 items per page by default and a consistent read (no resourceVersion)', async () => {
    server.script(json(200, page([], '1')));
    await firstValueFrom(list$(client, pods));
    expect(server.requests[0]).toHaveProperty('query', { limit: '500' });
  });

  it("lists from the watch cache with listSemantic 'any' (resourceVersion 0)", async () => {
    server.script(json(200, page([], '1')));
    await firstValueFrom(list$(client, pods, { listSemantic: 'any', pageSize: 0 }));
    expect(server.requests[0]).toHaveProperty('query', { resourceVersion: '0' });
  });

  it('sends an explicit version, its match rule and the selectors, and only the token and selectors on later pages', async () => {
    server.script(json(200, page(['a'], '7', { continue: 'c1' })), json(200, page(['b'], '7')));
    await firstValueFrom(
      list$(client, pods, {
        pageSize: 1,
        resourceVersion: '7',
        resourceVersionMatch: 'Exact',
        labelSelector: 'app=web',
        fieldSelector: 'spec.nodeName=n1',
      }),
    );
    expect(server.requests.map((r) => r.query)).toEqual([
      {
        limit: '1',
        resourceVersion: '7',
        resourceVersionMatch: 'Exact',
        labelSelector: 'app=web',
        fieldSelector: 'spec.nodeName=n1',
      },
      { limit: '1', continue: 'c1', labelSelector: 'app=web', fieldSelector: 'spec.nodeName=n1' },
    ]);
  });

  it('reports progress after each page', async () => {
    server.script(
      json(200, page(['a', 'b'], '3', { continue: 'c1', remainingItemCount: 1 })),
      json(200, page(['c'], '3')),
    );
    const progress: ListPageProgress[] = [];
    await firstValueFrom(list$(client, pods, { pageSize: 2, onPage: (p) => progress.push(p) }));
    expect(progress).toEqual([
      { page: 1, items: 2, remainingItemCount: 1 },
      { page: 2, items: 3 },
    ]);
  });

  it('restarts once, unpaginated and without the token, when the continue token expires', async () => {
    server.script(
      json(200, page(['a'], '5', { continue: 'c1' })),
      json(410, expired),
      json(200, page(['a', 'b', 'c'], '9')),
    );
    const result = await firstValueFrom(list$(client, pods, { pageSize: 1, listSemantic: 'any' }));
    expect(result.items).toHaveLength(3);
    expect(result.resourceVersion).toBe('9');
    expect(server.requests.map((r) => r.query)).toEqual([
      { limit: '1', resourceVersion: '0' },
      { limit: '1', continue: 'c1' },
      { resourceVersion: '0' },
    ]);
  });

  it('errors when the restarted list expires too: one restart per subscription', async () => {
    server.script(
      json(200, page(['a'], '5', { continue: 'c1' })),
      json(410, expired),
      json(410, { ...expired, metadata: {} }),
    );
    const error = await firstValueFrom(list$(client, pods, { pageSize: 1 })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResourceVersionExpiredError);
    expect(server.requests).toHaveLength(3);
  });

  it('restarts again in a new subscription', async () => {
    server.script(
      json(200, page(['a'], '5', { continue: 'c1' })),
      json(410, expired),
      json(200, page(['a'], '6')),
      json(200, page(['a'], '7', { continue: 'c2' })),
      json(410, expired),
      json(200, page(['a'], '8')),
    );
    const listing = list$(client, pods, { pageSize: 1 });
    expect((await firstValueFrom(listing)).resourceVersion).toBe('6');
    expect((await firstValueFrom(listing)).resourceVersion).toBe('8');
  });

  it('errors with ResourceVersionExpiredError when the list at an explicit version is too old', async () => {
    server.script(
      json(410, {
        ...expired,
        metadata: {},
        message: 'The resourceVersion for the provided list is too old.',
      }),
    );
    const error = await firstValueFrom(
      list$(client, pods, { resourceVersion: '1', resourceVersionMatch: 'Exact' }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceVersionExpiredError);
    expect(server.requests).toHaveLength(1);
  });

  it('never emits a partial list when a later page fails', async () => {
    server.script(
      json(200, page(['a'], '5', { continue: 'c1' })),
      json(500, { kind: 'Status', code: 500, reason: 'InternalError', message: 'etcd down' }),
    );
    const seen: unknown[] = [];
    const error = await new Promise((resolve) =>
      list$(client, pods, { pageSize: 1 }).subscribe({ next: (v) => seen.push(v), error: resolve }),
    );
    expect(seen).toEqual([]);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).retryable).toBe(true);
  });

  it("errors with DecodeError 'shape' for a list without metadata.resourceVersion", async () => {
    server.script(json(200, { kind: 'PodList', metadata: {}, items: [] }));
    const error = await firstValueFrom(list$(client, pods)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).kind).toBe('shape');
  });

  it('accepts items: null as an empty list', async () => {
    server.script(json(200, { kind: 'PodList', metadata: { resourceVersion: '4' }, items: null }));
    expect((await firstValueFrom(list$(client, pods))).items).toEqual([]);
  });

  it('turns an HTML page from a proxy into an error quoting a short excerpt', async () => {
    server.script((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(
        `<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(100_000)}</body></html>`,
      );
    });
    const error = (await firstValueFrom(list$(client, pods)).catch(
      (e: unknown) => e,
    )) as HttpStatusError;
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.message).toContain('502 Bad Gateway');
    expect(error.message.length).toBeLessThan(400);
  });

  it("errors with DecodeError 'encoding' for a body that is not UTF-8", async () => {
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        Buffer.concat([
          Buffer.from('{"metadata":{"resourceVersion":"1"},"items":[],"x":"'),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('"}'),
        ]),
      );
    });
    const error = await firstValueFrom(list$(client, pods)).catch((e: unknown) => e);
    expect((error as DecodeError).kind).toBe('encoding');
  });

  it('joins the items of every page in order, empty pages included, and decodes each once', async () => {
    server.script(
      json(200, page(['a', 'b'], '10', { continue: 'c1' })),
      json(200, page([], '10', { continue: 'c2' })),
      json(200, page(['c'], '10', { continue: 'c3' })),
      json(200, page(['d', 'e'], '10')),
    );
    const seen: string[] = [];
    const result = await firstValueFrom(
      list$(client, pods, {
        pageSize: 2,
        transform: (item) => {
          seen.push(item.metadata?.name ?? '');
          return { ...item, metadata: { ...item.metadata, labels: { seen: 'yes' } } };
        },
      }),
    );
    expect(result.items.map((item) => [item.metadata?.name, item.metadata?.labels])).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((name) => [name, { seen: 'yes' }]),
    );
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(server.requests).toHaveLength(4);
  });

  it('turns an HTML page answered with 200 (a login page of a proxy) into a typed error, not a list', async () => {
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><title>Sign in</title></head><body>proxy</body></html>');
    });
    const error = await firstValueFrom(list$(client, pods)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).kind).toBe('not-json');
    expect((error as DecodeError).message).toContain('Sign in');
  });

  it("errors with DecodeError 'malformed' for a page cut short, and emits nothing", async () => {
    const whole = JSON.stringify(page(['a', 'b'], '3'));
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(whole.slice(0, whole.length - 20));
    });
    const seen: unknown[] = [];
    const error = await new Promise((resolve) =>
      list$(client, pods).subscribe({ next: (v) => seen.push(v), error: resolve }),
    );
    expect(seen).toEqual([]);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).kind).toBe('malformed');
  });

  it.each(['maxListBodyBytes', 'maxBodyBytes'] as const)(
    "errors with DecodeError 'oversized' for a later page over %s, and emits nothing",
    async (name) => {
      server.script(
        json(200, page(['a'], '5', { continue: 'c1' })),
        json(200, page(['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], '5')),
      );
      const first = JSON.stringify(page(['a'], '5', { continue: 'c1' }));
      const seen: unknown[] = [];
      const error = await new Promise((resolve) =>
        list$(client, pods, { pageSize: 1, [name]: first.length + 10 }).subscribe({
          next: (v) => seen.push(v),
          error: resolve,
        }),
      );
      expect(seen).toEqual([]);
      expect(error).toBeInstanceOf(DecodeError);
      expect((error as DecodeError).kind).toBe('oversized');
      expect(server.requests).toHaveLength(2);
    },
  );

  it("errors with DecodeError 'shape' for a page that is not a list, naming the field", async () => {
    for (const body of [[], { metadata: { resourceVersion: '1' }, items: 'none' }]) {
      server.script(json(200, body));
      const error = await firstValueFrom(list$(client, pods)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DecodeError);
      expect((error as DecodeError).kind).toBe('shape');
    }
    expect(server.requests).toHaveLength(2);
  });

  it('validates and types items with a schema, naming the key of an invalid one', async () => {
    const schema = z.looseObject({
      ...kubeObjectSchema.shape,
      spec: z.object({ nodeName: z.string() }),
    });
    server.script(
      json(200, {
        metadata: { resourceVersion: '2' },
        items: [pod('good', '2', { spec: { nodeName: 'n1' } }), pod('bad', '2', { spec: {} })],
      }),
    );
    const error = await firstValueFrom(list$(client, pods, { schema })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidObjectError);
    expect((error as InvalidObjectError).key).toBe('default/bad');
    expect((error as InvalidObjectError).message).toContain('spec.nodeName');
  });

  it('applies transform to every item after the schema', async () => {
    server.script(json(200, page(['a', 'b'], '2')));
    const result = await firstValueFrom(
      list$(client, pods, {
        transform: (item) => ({ ...item, metadata: { ...item.metadata, labels: { seen: 'yes' } } }),
      }),
    );
    expect(result.items.map((item) => item.metadata?.labels)).toEqual([
      { seen: 'yes' },
      { seen: 'yes' },
    ]);
  });

  it('is cold: nothing is requested before subscribing, each subscription lists again', async () => {
    server.script(json(200, page([], '1')));
    const listing = list$(client, pods);
    expect(server.requests).toHaveLength(0);
    await firstValueFrom(listing);
    await firstValueFrom(listing);
    expect(server.requests).toHaveLength(2);
  });

  it('aborts the request in flight when unsubscribed', async () => {
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"metadata":{"resourceVersion":"1"},"items":[');
    });
    const subscription = list$(client, pods).subscribe();
    await until(() => server.openSockets() === 1);
    subscription.unsubscribe();
    await until(() => server.openSockets() === 0);
  });
});
