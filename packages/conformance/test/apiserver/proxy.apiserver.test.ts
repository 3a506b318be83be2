import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { runCli } from '@rxkube/cli';
import { cachedCollection$ } from '@rxkube/core';
import { createProxyClient, type MuxWebSocketConstructor } from '@rxkube/core/proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { countingTransport } from '../../src/counting-transport.js';
import { objectWriter } from '../../src/object-writer.js';
import { recordEmissions } from '../../src/record-emissions.js';
import { cluster, configMap, configMaps, freshNamespace, kubeconfigClient } from './cluster.js';

/** What the command prints, and when it grows. */
class Capture extends Writable {
  text = '';
  readonly grew = new EventEmitter();
  override _write(chunk: Buffer | string, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    this.grew.emit('data');
    done();
  }
}

/** The `ws` WebSocket, remembering the sockets it opened (Node 20 has no global one). */
class RecordingWebSocket extends WebSocket {
  static readonly opened: RecordingWebSocket[] = [];
  constructor(url: string, protocols: string) {
    super(url, protocols);
    RecordingWebSocket.opened.push(this);
  }
}

describe('rxkube proxy in front of kube-apiserver', () => {
  const c = cluster();
  const stdout = new Capture();
  const stderr = new Capture();
  const controller = new AbortController();
  let exited: Promise<number>;
  let url = '';

  beforeAll(async () => {
    exited = runCli(['proxy', `--kubeconfig=${c.env.kubeconfig}`, '--port=0'], {
      stdout,
      stderr,
      env: { HOME: '/nonexistent' },
      signal: controller.signal,
    });
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const port = /Starting to serve on 127\.0\.0\.1:(\d+)\n/.exec(stdout.text)?.[1];
        if (port === undefined) return;
        stdout.grew.off('data', check);
        url = `http://127.0.0.1:${port}`;
        resolve();
      };
      stdout.grew.on('data', check);
      void exited.then((code) =>
        reject(new Error(`rxkube proxy exited with ${code}: ${stderr.text}`)),
      );
    });
  });

  afterAll(async () => {
    for (const socket of RecordingWebSocket.opened) socket.terminate();
    controller.abort('SIGINT');
    expect(await exited).toBe(130);
  });

  it('forwards requests with the kubeconfig token, and never prints it', async () => {
    const response = await fetch(`${url}/api/v1/namespaces/default`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      kind: 'Namespace',
      metadata: { name: 'default' },
    });
    const token = (await readFile(c.env.tokenFile, 'utf8')).trim();
    expect(token.length).toBeGreaterThan(0);
    expect(stdout.text + stderr.text).not.toContain(token);
    expect(stdout.text).toMatch(/^Starting to serve on 127\.0\.0\.1:\d+\n$/);
  });

  it('refuses exec however its path is spelled: kube-apiserver decodes %65xec and %2F before it routes', async () => {
    const direct = kubeconfigClient(c.env.kubeconfig);
    const answer = async (path: string) => {
      const response = await direct.transport.request({
        method: 'POST',
        path,
        query: { command: 'ls' },
      });
      return { status: response.status, body: JSON.parse(await response.text()) as unknown };
    };
    // The exec subresource looks the pod up (404 naming it); an unknown one is not routed at all.
    const routedToExec = {
      status: 404,
      body: expect.objectContaining({ details: { name: 'nope', kind: 'pods' } }),
    };
    const spellings = ['nope/exec', 'nope/%65xec', 'nope%2Fexec', 'nope/%61ttach'];
    for (const spelling of spellings) {
      expect(await answer(`/api/v1/namespaces/default/pods/${spelling}`)).toEqual(routedToExec);
    }
    expect(await answer('/api/v1/namespaces/default/pods/nope/%66oo')).toMatchObject({
      status: 404,
      body: { message: 'the server could not find the requested resource' },
    });
    const { request } = await import('node:http');
    const port = Number(new URL(url).port);
    for (const spelling of spellings) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/v1/namespaces/default/pods/${spelling}?command=ls`,
          },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        )
          .on('error', reject)
          .end();
      });
      expect([spelling, status]).toEqual([spelling, 403]);
    }
  });

  it('keeps a collection live over the WebSocket, multi-byte text intact, and resumes a dropped socket without a LIST', async () => {
    const direct = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(direct, 'proxy-mux');
    const ref = configMaps(namespace);
    const writer = objectWriter(direct);
    await writer.create(ref, configMap('a', { text: 'é 😀 ü' }));
    const mux = createProxyClient({
      baseUrl: url,
      mux: 'always',
      WebSocket: RecordingWebSocket as unknown as MuxWebSocketConstructor,
    });
    const transport = countingTransport(mux.transport);
    const record = recordEmissions(
      cachedCollection$({ transport }, ref, { backoff: { initialMs: 50, maxMs: 500 } }),
    );
    try {
      const first = await record.waitFor((s) => s.items.has(`${namespace}/a`), { what: 'a' });
      expect(first.items.get(`${namespace}/a`)).toMatchObject({ data: { text: 'é 😀 ü' } });
      await writer.create(ref, configMap('b', { text: '日本語'.repeat(2000) }));
      const withB = await record.waitFor((s) => s.items.has(`${namespace}/b`), { what: 'b' });
      expect(withB.items.get(`${namespace}/b`)).toMatchObject({
        data: { text: '日本語'.repeat(2000) },
      });
      expect(RecordingWebSocket.opened).toHaveLength(1);

      // the version the watch had reached (a bookmark may have moved it past b's)
      const last = record.values.at(-1)?.resourceVersion;
      RecordingWebSocket.opened[0]?.terminate();
      await writer.create(ref, configMap('c'));
      const withC = await record.waitFor((s) => s.items.has(`${namespace}/c`), { what: 'c' });
      expect(withC.stats).toMatchObject({ lists: 1, relists: 0, reconnects: 1 });
      expect(RecordingWebSocket.opened).toHaveLength(2);
      const watches = transport.requests.filter((r) => r.kind === 'watch');
      expect(watches.map((w) => w.query.resourceVersion)).toEqual([first.resourceVersion, last]);
      expect(transport.requests.filter((r) => r.kind === 'list')).toHaveLength(1);
    } finally {
      record.stop();
    }
  });
});
