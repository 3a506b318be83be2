import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { watch$ } from '@rxkube/core';
import type { KubeResponse } from '@rxkube/core/transport';
import { lastValueFrom, toArray } from 'rxjs';
import { assert, describe, expect, it } from 'vitest';
import { chunks, json, line, pod } from '../../../core/test/support/script-server.js';
import { undiciTransport } from '../../src/index.js';
import { describeHttpTransport, testResources } from './support/http-transport-suite.js';
import { serverTls, tlsFixtures } from './support/tls-fixtures.js';

// undici may open a second connection while the first is still being released.
describeHttpTransport('undiciTransport', undiciTransport, { keepAliveConnections: 2 });

const { serve, transport } = testResources(undiciTransport);

describe('undiciTransport decoders', () => {
  it('decodes lines push-style (readLines) with either decoder', async () => {
    const server = await serve();
    for (const decoder of ['core', 'ndjson'] as const) {
      server.script(chunks(['{"a":1}\n{"a"', ':2}\n', '{"a":3}']));
      const response = await transport({ baseUrl: server.url, decoder }).request({
        path: '/api',
      });
      const values: unknown[] = [];
      let bytes = 0;
      assert.isDefined(response.readLines);
      await response.readLines(
        { value: (value) => values.push(value), bytes: (count) => (bytes += count) },
        { maxLineBytes: 1024 },
      );
      expect({ decoder, values, bytes }).toEqual({
        decoder,
        values: [{ a: 1 }, { a: 2 }, { a: 3 }],
        bytes: 23,
      });
    }
  });
});

describe('undiciTransport request order', () => {
  it('puts a request started while a body was read on the wire before the read settles', async () => {
    const server = await serve();
    server.script(json(200, { ok: true }));
    const client = transport({ baseUrl: server.url });
    // Two keep-alive connections, left idle: undici checks an idle one in an immediate before
    // it writes a request on it.
    const warm = await Promise.all([
      client.request({ path: '/a' }),
      client.request({ path: '/b' }),
    ]);
    await Promise.all(warm.map((response) => response.text()));
    const sent: string[] = [];
    const onSend = (message: unknown) => {
      sent.push((message as { request: { path: string } }).request.path);
    };
    subscribe('undici:client:sendHeaders', onSend);
    try {
      const first = await client.request({ path: '/first' });
      let second: Promise<KubeResponse> | undefined;
      assert.isDefined(first.body.forEachChunk);
      await first.body.forEachChunk(() => {
        second ??= client.request({ path: '/second' });
        return true;
      });
      // What follows the read (a parse of the page, say) no longer delays the second request.
      expect(sent).toEqual(['/first', '/second']);
      assert.isDefined(second);
      await (await second).text();
    } finally {
      unsubscribe('undici:client:sendHeaders', onSend);
    }
  });
});

describe('undiciTransport HTTP/2', () => {
  it('speaks HTTP/2 with allowH2 when the server offers it, and HTTP/1.1 without', async () => {
    const server = await serve({ tls: serverTls, h2: true });
    server.script(json(200, { ok: true }));
    const h2 = await transport({ baseUrl: server.url, ca: tlsFixtures.ca, allowH2: true }).request({
      path: '/api',
    });
    expect(JSON.parse(await h2.text())).toEqual({ ok: true });
    const h1 = await transport({ baseUrl: server.url, ca: tlsFixtures.ca }).request({
      path: '/api',
    });
    await h1.text();
    expect(server.requests.map((r) => r.httpVersion)).toEqual(['2.0', '1.1']);
  });

  it('carries requests started at the same time over one HTTP/2 connection', async () => {
    const server = await serve({ tls: serverTls, h2: true });
    server.script(json(200, { ok: true }));
    const client = transport({ baseUrl: server.url, ca: tlsFixtures.ca, allowH2: true });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.request({ path: '/api' })),
    );
    await Promise.all(answers.map((a) => a.text()));
    expect(server.requests).toHaveLength(20);
    expect(server.requests.every((r) => r.httpVersion === '2.0')).toBe(true);
    expect(new Set(server.requests.map((r) => r.clientPort)).size).toBe(1);
  });

  it('still opens a connection per request started at the same time over HTTP/1.1', async () => {
    const server = await serve({ tls: serverTls, h2: true });
    server.script(json(200, { ok: true }));
    const client = transport({ baseUrl: server.url, ca: tlsFixtures.ca, allowH2: false });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.request({ path: '/api' })),
    );
    await Promise.all(answers.map((a) => a.text()));
    expect(new Set(server.requests.map((r) => r.clientPort)).size).toBe(5);
  });

  it.each(['core', 'ndjson'] as const)(
    'streams a watch over HTTP/2 (%s decoder)',
    async (decoder) => {
      const server = await serve({ tls: serverTls, h2: true });
      server.script(chunks([line('ADDED', pod('a', '1')), line('DELETED', pod('a', '2'))]));
      const client = {
        transport: transport({ baseUrl: server.url, ca: tlsFixtures.ca, allowH2: true, decoder }),
      };
      const events = await lastValueFrom(
        watch$(client, { version: 'v1', resource: 'pods' }).pipe(toArray()),
      );
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'DELETED']);
      expect(server.requests[0]?.httpVersion).toBe('2.0');
    },
  );
});
