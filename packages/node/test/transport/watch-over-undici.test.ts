import {
  type DecodeError,
  HttpStatusError,
  type KubeClient,
  ResourceVersionExpiredError,
  TransportError,
  WatchEmptyError,
  type WatchEvent,
  WatchStalledError,
  watch$,
} from '@rxkube/core';
import { firstValueFrom, lastValueFrom, take, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type UndiciTransport, undiciTransport } from '../../src/index.js';
import {
  chunks,
  json,
  line,
  pod,
  type ScriptServer,
  startScriptServer,
  until,
} from './support/script-server.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
const tooOld = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'too old resource version: 1 (95)',
  reason: 'Expired',
  code: 410,
};

const failure = (events$: ReturnType<typeof watch$>) =>
  lastValueFrom(events$.pipe(toArray())).then(
    () => {
      throw new Error('expected an error');
    },
    (error: unknown) => error,
  );

describe.each(['ndjson', 'core'] as const)(
  'watch$ over undiciTransport with the %s decoder',
  (decoder) => {
    let server: ScriptServer;
    let transport: UndiciTransport;
    let client: KubeClient;
    beforeEach(async () => {
      server = await startScriptServer();
      transport = undiciTransport({ baseUrl: server.url, decoder });
      client = { transport };
    });
    afterEach(async () => {
      await transport.destroy();
      await server.close();
    });

    it('emits decoded events and completes when the server ends the stream', async () => {
      server.script(
        chunks([
          line('ADDED', pod('a', '11')),
          line('MODIFIED', pod('a', '12')),
          line('DELETED', pod('a', '13')),
        ]),
      );
      const events = await lastValueFrom(
        watch$(client, pods, { resourceVersion: '10', timeoutSeconds: 60 }).pipe(toArray()),
      );
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
      expect(server.requests[0]!.query).toEqual({
        watch: 'true',
        resourceVersion: '10',
        allowWatchBookmarks: 'true',
        timeoutSeconds: '60',
      });
    });

    it('turns bookmarks into BOOKMARK events, marking the initial-events-end one', async () => {
      const end = {
        kind: 'Pod',
        metadata: { resourceVersion: '20', annotations: { 'k8s.io/initial-events-end': 'true' } },
      };
      server.script(
        chunks([
          line('BOOKMARK', {
            kind: 'Pod',
            metadata: { resourceVersion: '9', creationTimestamp: null },
          }),
          line('BOOKMARK', end),
        ]),
      );
      const events = await lastValueFrom(
        watch$(client, pods, { sendInitialEvents: true }).pipe(toArray()),
      );
      expect(events).toEqual([
        { type: 'BOOKMARK', resourceVersion: '9', initialEventsEnd: false },
        { type: 'BOOKMARK', resourceVersion: '20', initialEventsEnd: true },
      ]);
      expect(server.requests[0]!.query).toMatchObject({
        sendInitialEvents: 'true',
        resourceVersionMatch: 'NotOlderThan',
      });
    });

    it('errors with ResourceVersionExpiredError on an ERROR 410 event and on HTTP 410', async () => {
      server.script(chunks([line('ERROR', tooOld)]), json(410, tooOld));
      expect(await failure(watch$(client, pods, { resourceVersion: '1' }))).toBeInstanceOf(
        ResourceVersionExpiredError,
      );
      expect(await failure(watch$(client, pods, { resourceVersion: '1' }))).toBeInstanceOf(
        ResourceVersionExpiredError,
      );
    });

    it('errors with a retryable HttpStatusError on an ERROR 500 event', async () => {
      server.script(
        chunks([
          line('ERROR', { kind: 'Status', reason: 'InternalError', code: 500, message: 'etcd' }),
        ]),
      );
      const error = (await failure(watch$(client, pods))) as HttpStatusError;
      expect(error).toBeInstanceOf(HttpStatusError);
      expect(error.retryable).toBe(true);
    });

    it('turns an HTML 502 page into a short HttpStatusError', async () => {
      server.script((_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(
          `<html><head><title>502 Bad Gateway</title></head><body>${'<p>x</p>'.repeat(20_000)}</body></html>`,
        );
      });
      const error = (await failure(watch$(client, pods))) as HttpStatusError;
      expect(error).toBeInstanceOf(HttpStatusError);
      expect(error.message).toContain('502 Bad Gateway');
      expect(error.message.length).toBeLessThan(400);
    });

    it('errors with WatchStalledError when no byte arrives for idleTimeoutMs, and frees the connection', async () => {
      server.script(chunks([line('ADDED', pod('a', '1'))], { end: false }));
      const seen: WatchEvent[] = [];
      const error = await new Promise((resolve) =>
        watch$(client, pods, { idleTimeoutMs: 100 }).subscribe({
          next: (e) => seen.push(e),
          error: resolve,
        }),
      );
      expect(seen).toHaveLength(1);
      expect(error).toBeInstanceOf(WatchStalledError);
      await until(() => server.openSockets() === 0);
    });

    it('errors with WatchEmptyError when the stream ends at once without an event', async () => {
      server.script(chunks([]));
      expect(await failure(watch$(client, pods))).toBeInstanceOf(WatchEmptyError);
    });

    it("errors with DecodeError 'shape' for an unknown event type or an object without a name", async () => {
      server.script(
        chunks([line('SYNC', pod('a', '1'))]),
        chunks([line('DELETED', { metadata: {} })]),
      );
      expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('shape');
      expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('shape');
    });

    it("errors with DecodeError 'malformed' for a line that is not JSON", async () => {
      server.script(chunks([line('ADDED', pod('a', '1')), 'nope\n']));
      expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('malformed');
    });

    it('decodes every event however the bytes are split, also inside multi-byte characters', async () => {
      const text = [1, 2, 3]
        .map((i) => line('ADDED', pod(`p${i}`, `${i}`, { data: { x: 'grüße ✓ 𝄞 日本' } })))
        .join('');
      const bytes = Buffer.from(text);
      server.script((_req, res) => {
        res.writeHead(200);
        let offset = 0;
        const step = () => {
          if (offset >= bytes.length) return void res.end();
          res.write(bytes.subarray(offset, offset + 7));
          offset += 7;
          setImmediate(step);
        };
        step();
      });
      const events = await lastValueFrom(watch$(client, pods).pipe(toArray()));
      expect(
        events.map(
          (e) => e.type !== 'BOOKMARK' && (e.object as unknown as { data: { x: string } }).data.x,
        ),
      ).toEqual(Array(3).fill('grüße ✓ 𝄞 日本'));
    });

    it("errors with DecodeError 'encoding' for bytes that are not UTF-8", async () => {
      server.script(
        chunks([
          Buffer.concat([
            Buffer.from('{"type":"ADDED","object":{"metadata":{"name":"'),
            Buffer.from([0xe2, 0x28, 0xa1]),
            Buffer.from('"}}}\n'),
          ]),
        ]),
      );
      expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('encoding');
    });

    it("errors with DecodeError 'encoding' when the stream ends inside a character", async () => {
      server.script(chunks([line('ADDED', pod('a', '1')), Buffer.from([0xe2, 0x9c])]));
      expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('encoding');
    });

    it("errors with DecodeError 'oversized' for a line over maxLineBytes, without waiting for its end", async () => {
      server.script(
        chunks(['{"type":"ADDED","object":{"metadata":{"name":"', 'x'.repeat(8192)], {
          end: false,
        }),
      );
      expect(
        ((await failure(watch$(client, pods, { maxLineBytes: 4096 }))) as DecodeError).kind,
      ).toBe('oversized');
      await until(() => server.openSockets() === 0);
    });

    it('errors with TransportError when the connection drops mid-line', async () => {
      server.script((_req, res) => {
        res.writeHead(200);
        res.write(line('ADDED', pod('a', '1')));
        res.write('{"type":"MODIF');
        setTimeout(() => res.socket?.destroy(), 20);
      });
      expect(await failure(watch$(client, pods))).toBeInstanceOf(TransportError);
    });

    it('aborts the request and frees the connection when unsubscribed', async () => {
      server.script(
        chunks([line('ADDED', pod('a', '1')) + line('ADDED', pod('b', '2'))], { end: false }),
      );
      const first = await firstValueFrom(watch$(client, pods).pipe(take(1)));
      expect(first.type).toBe('ADDED');
      await until(() => server.openSockets() === 0);
    });
  },
);
