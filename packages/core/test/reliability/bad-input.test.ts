import { afterEach, describe, expect, it } from 'vitest';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { isKubeError } from '../../src/errors/kube-error.js';
import { StateRecorder } from '../collection/state-recorder.js';
import { collectionClient } from '../support/collection-client.js';
import {
  chunks,
  type Handler,
  json,
  line,
  pod,
  type ScriptServer,
  startScriptServer,
} from '../support/script-server.js';

const ref = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
const podList = (resourceVersion: string | undefined, ...items: unknown[]) => ({
  kind: 'PodList',
  apiVersion: 'v1',
  metadata: resourceVersion === undefined ? {} : { resourceVersion },
  items,
});
const html502 =
  (status = 502): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
    );
  };
const openWatch = (...lines: string[]) => chunks(lines, { end: false });

let server: ScriptServer;
let recorder: StateRecorder | undefined;
afterEach(async () => {
  recorder?.stop();
  await server?.close();
});

function start(maxLineBytes?: number) {
  const client = collectionClient(server.url);
  recorder = new StateRecorder(
    collectionUpdates$(client, ref, {
      backoff: { initialMs: 1, maxMs: 5 },
      ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
    }),
  );
  return recorder;
}

const errorsSeen = (r: StateRecorder) =>
  r.updates.flatMap((u) => (u.health.status === 'reconnecting' ? [u.health.error] : []));

/** Watch-level bad input: a good event, then the bad bytes; the watch must resume after the good one. */
const watchCases: {
  name: string;
  bad: (string | Uint8Array)[];
  reason: string;
  kind?: string;
  maxLineBytes?: number;
}[] = [
  {
    name: 'a malformed JSON line',
    bad: ['{"type":"ADDED","object":{"metadata":\n'],
    reason: 'Decode',
    kind: 'malformed',
  },
  {
    name: 'a line over the limit',
    bad: [
      `{"type":"ADDED","object":${JSON.stringify(pod('huge', '3', { data: 'x'.repeat(64 * 1024) }))}}\n`,
    ],
    reason: 'Decode',
    kind: 'oversized',
    maxLineBytes: 16 * 1024,
  },
  {
    name: 'invalid UTF-8',
    bad: [new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a])],
    reason: 'Decode',
    kind: 'encoding',
  },
  {
    name: 'an event of unknown type',
    bad: [line('REPLACED', pod('z', '3'))],
    reason: 'Decode',
    kind: 'shape',
  },
  {
    name: 'an object without metadata.name',
    bad: [
      line('ADDED', {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { namespace: 'default', resourceVersion: '3' },
      }),
    ],
    reason: 'Decode',
    kind: 'shape',
  },
  {
    name: 'a Status with an unknown 5xx code',
    bad: [
      line('ERROR', {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        reason: 'Unheard',
        code: 599,
        message: 'odd',
      }),
    ],
    reason: 'HttpStatus',
  },
];

describe('bad input gets a typed error and loses nothing', () => {
  it.each(watchCases)(
    '$name in a watch: typed error, then resumed from the last good version',
    async (c) => {
      server = await startScriptServer();
      server.script(
        json(200, podList('1', pod('a', '1'))),
        chunks([line('ADDED', pod('b', '2')), ...c.bad]),
        openWatch(line('ADDED', pod('c', '4'))),
      );
      const r = start(c.maxLineBytes);
      await r.until(() => r.synced.at(-1)?.items.has('default/c') === true);
      const [error] = errorsSeen(r);
      expect(isKubeError(error)).toBe(true);
      expect(error).toMatchObject({ reason: c.reason, ...(c.kind ? { kind: c.kind } : {}) });
      expect(String((error as Error).message)).not.toContain('x'.repeat(1000));
      const watches = server.requests.filter(
        (q) => q.query.watch === 'true' || q.query.watch === '1',
      );
      expect(watches.map((q) => q.query.resourceVersion)).toEqual(['1', '2']);
      expect([...r.latest.items.keys()].sort()).toEqual(['default/a', 'default/b', 'default/c']);
    },
  );

  it('an HTML 502 page from a proxy: typed error with a short excerpt, then retried', async () => {
    server = await startScriptServer();
    server.script(html502(), json(200, podList('1', pod('a', '1'))), openWatch());
    const r = start();
    await r.until(() => r.synced.length > 0);
    const [error] = errorsSeen(r);
    expect(error).toMatchObject({ code: 502 });
    expect(isKubeError(error)).toBe(true);
    expect((error as Error).message.length).toBeLessThan(400);
  });

  it('a list without resourceVersion: typed error, then listed again', async () => {
    server = await startScriptServer();
    server.script(
      json(200, podList(undefined, pod('a', '1'))),
      json(200, podList('1', pod('a', '1'))),
      openWatch(),
    );
    const r = start();
    await r.until(() => r.synced.length > 0);
    expect(errorsSeen(r)[0]).toMatchObject({ reason: 'Decode', kind: 'shape' });
    expect(r.latest.resourceVersion).toBe('1');
  });

  it('a Status with an unknown 4xx code: the typed error ends the stream', async () => {
    server = await startScriptServer();
    server.script(
      json(200, podList('1')),
      chunks([
        line('ERROR', {
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          reason: 'Teapot',
          code: 418,
          message: 'short and stout',
        }),
      ]),
    );
    const r = start();
    await r.until(() => r.error !== undefined);
    expect(r.error).toMatchObject({ reason: 'HttpStatus', code: 418 });
    expect(r.updates.at(-1)?.health.status).toBe('failed');
  });
});
