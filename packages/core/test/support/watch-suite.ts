/** Byte-level tests of `watch$` against a scripted server, shared by every transport. */

import type { ServerResponse } from 'node:http';
import {
  firstValueFrom,
  lastValueFrom,
  take,
  toArray,
  VirtualAction,
  VirtualTimeScheduler,
} from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ResourceVersionExpiredError,
  TransportError,
  WatchEmptyError,
} from '../../src/errors/index.js';
import {
  type DecodeError,
  HttpStatusError,
  InvalidError,
  InvalidObjectError,
  type KubeClient,
  kubeObjectSchema,
  StreamingListIncompleteError,
  type WatchEvent,
  WatchStalledError,
  watch$,
} from '../../src/index.js';
import { observingBytes } from './observing-bytes.js';
import {
  chunks,
  json,
  line,
  pod,
  type ScriptServer,
  startScriptServer,
  until,
} from './script-server.js';

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

/** Moves virtual time `ms` on, running what falls due on the way. */
const advance = (scheduler: VirtualTimeScheduler, ms: number): void => {
  const to = scheduler.frame + ms;
  scheduler.maxFrames = to;
  scheduler.flush();
  scheduler.frame = to;
};

const all = (events$: ReturnType<typeof watch$>) => lastValueFrom(events$.pipe(toArray()));
const failure = (events$: ReturnType<typeof watch$>) =>
  lastValueFrom(events$.pipe(toArray())).then(
    () => {
      throw new Error('expected an error');
    },
    (error: unknown) => error,
  );

/** A client under test, and how to release it after each test. */
export interface WatchClientUnderTest {
  readonly client: KubeClient;
  close?(): Promise<void>;
}

/** Runs the byte-level `watch$` tests over the client that `connect` builds for a server's URL. */
export function describeWatch(label: string, connect: (url: string) => WatchClientUnderTest): void {
  let server: ScriptServer;
  let client: KubeClient;
  let connection: WatchClientUnderTest;
  beforeEach(async () => {
    server = await startScriptServer();
    connection = connect(server.url);
    client = connection.client;
  });
  afterEach(async () => {
    await connection.close?.();
    await server.close();
  });

  describe(`watch$ (${label})`, () => {
    it('emits decoded events and completes when the server ends the stream', async () => {
      server.script(
        chunks([
          line('ADDED', pod('a', '11')),
          line('MODIFIED', pod('a', '12')),
          line('DELETED', pod('a', '13')),
        ]),
      );
      const events = await all(watch$(client, pods, { resourceVersion: '10' }));
      expect(
        events.map((e) =>
          e.type === 'BOOKMARK' ? e.type : `${e.type} ${e.object.metadata?.resourceVersion}`,
        ),
      ).toEqual(['ADDED 11', 'MODIFIED 12', 'DELETED 13']);
      expect(server.requests[0]).toHaveProperty('query', {
        watch: 'true',
        resourceVersion: '10',
        allowWatchBookmarks: 'true',
      });
    });

    it('sends timeoutSeconds and selectors, and no allowWatchBookmarks when bookmarks are off', async () => {
      server.script(chunks([line('ADDED', pod('a', '1'))]));
      await all(
        watch$(client, pods, {
          bookmarks: false,
          timeoutSeconds: 30,
          labelSelector: 'a=b',
          fieldSelector: 'x=y',
        }),
      );
      expect(server.requests[0]).toHaveProperty('query', {
        watch: 'true',
        timeoutSeconds: '30',
        labelSelector: 'a=b',
        fieldSelector: 'x=y',
      });
    });

    it('turns bookmarks into BOOKMARK events carrying only the version', async () => {
      const bookmark = {
        kind: 'ConfigMap',
        apiVersion: 'v1',
        metadata: { resourceVersion: '402', creationTimestamp: null },
      };
      server.script(chunks([line('BOOKMARK', bookmark)]));
      expect(await all(watch$(client, pods))).toEqual([
        { type: 'BOOKMARK', resourceVersion: '402', initialEventsEnd: false },
      ]);
    });

    it('asks for a streaming list with sendInitialEvents and marks the initial-events-end bookmark', async () => {
      const end = {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { resourceVersion: '20', annotations: { 'k8s.io/initial-events-end': 'true' } },
      };
      server.script(chunks([line('ADDED', pod('a', '5')), line('BOOKMARK', end)]));
      const events = await all(watch$(client, pods, { sendInitialEvents: true, bookmarks: false }));
      expect(events[1]).toEqual({
        type: 'BOOKMARK',
        resourceVersion: '20',
        initialEventsEnd: true,
      });
      expect(server.requests[0]).toHaveProperty('query', {
        watch: 'true',
        allowWatchBookmarks: 'true',
        sendInitialEvents: 'true',
        resourceVersionMatch: 'NotOlderThan',
      });
    });

    it('errors with StreamingListIncompleteError on an initial-events-end bookmark without a version, after the events before it', async () => {
      const end = {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { annotations: { 'k8s.io/initial-events-end': 'true' } },
      };
      server.script(chunks([line('ADDED', pod('a', '5')), line('BOOKMARK', end)]));
      const seen: WatchEvent[] = [];
      const error = await new Promise((resolve) =>
        watch$(client, pods, { sendInitialEvents: true }).subscribe({
          next: (e) => seen.push(e),
          error: resolve,
        }),
      );
      expect(seen.map((e) => e.type)).toEqual(['ADDED']);
      expect(error).toBeInstanceOf(StreamingListIncompleteError);
      expect((error as StreamingListIncompleteError).retryable).toBe(false);
    });

    it('errors with ResourceVersionExpiredError on an ERROR 410 event', async () => {
      server.script(chunks([line('ERROR', tooOld)]));
      const error = (await failure(
        watch$(client, pods, { resourceVersion: '1' }),
      )) as ResourceVersionExpiredError;
      expect(error).toBeInstanceOf(ResourceVersionExpiredError);
      expect(error.message).toBe('too old resource version: 1 (95)');
    });

    it('treats the legacy reason Gone like Expired', async () => {
      server.script(chunks([line('ERROR', { ...tooOld, reason: 'Gone' })]));
      expect(await failure(watch$(client, pods))).toBeInstanceOf(ResourceVersionExpiredError);
    });

    it('errors with ResourceVersionExpiredError on HTTP 410', async () => {
      server.script(json(410, tooOld));
      expect(await failure(watch$(client, pods, { resourceVersion: '1' }))).toBeInstanceOf(
        ResourceVersionExpiredError,
      );
    });

    it('errors with a retryable HttpStatusError on an ERROR 500 event, after the events before it', async () => {
      server.script(
        chunks([
          line('ADDED', pod('a', '1')),
          line('ERROR', {
            kind: 'Status',
            status: 'Failure',
            reason: 'InternalError',
            message: 'etcd',
            code: 500,
          }),
        ]),
      );
      const seen: WatchEvent[] = [];
      const error = await new Promise((resolve) =>
        watch$(client, pods).subscribe({ next: (e) => seen.push(e), error: resolve }),
      );
      expect(seen).toHaveLength(1);
      expect(error).toBeInstanceOf(HttpStatusError);
      expect((error as HttpStatusError).retryable).toBe(true);
    });

    it('errors with the typed error for a non-200 answer, e.g. 422 for an unsupported streaming list', async () => {
      server.script(
        json(422, {
          kind: 'Status',
          status: 'Failure',
          reason: 'Invalid',
          code: 422,
          message: 'resourceVersionMatch is forbidden for watch',
        }),
      );
      const error = (await failure(
        watch$(client, pods, { sendInitialEvents: true }),
      )) as InvalidError;
      expect(error).toBeInstanceOf(InvalidError);
      expect(error.code).toBe(422);
    });

    it('errors with WatchStalledError when no byte arrives for idleTimeoutMs, and frees the connection', async () => {
      server.script(chunks([line('ADDED', pod('a', '1'))], { end: false }));
      // The idle timeout runs in virtual time: it elapses only once the event has arrived, however
      // long a loaded machine takes to deliver it.
      const scheduler = new VirtualTimeScheduler(VirtualAction, Number.POSITIVE_INFINITY);
      const seen: WatchEvent[] = [];
      let error: unknown;
      watch$(client, pods, { idleTimeoutMs: 100, scheduler }).subscribe({
        next: (e) => seen.push(e),
        error: (e: unknown) => {
          error = e;
        },
      });
      await until(() => seen.length === 1);
      expect(error).toBeUndefined();
      scheduler.flush();
      expect(error).toBeInstanceOf(WatchStalledError);
      await until(() => server.openSockets() === 0);
    });

    it('keeps a watch alive while partial lines keep arriving', async () => {
      // Each slice of one line is written only once the previous one has reached the watch, and
      // virtual time then moves 60 ms: the line takes far longer than the 100 ms idle timeout,
      // yet no gap between bytes is as long, whatever a loaded machine's delivery takes.
      const bytes = Buffer.from(line('ADDED', pod('a', '1')));
      let response: ServerResponse | undefined;
      server.script((_req, res) => {
        res.writeHead(200);
        response = res;
      });
      const observed = observingBytes(client);
      const scheduler = new VirtualTimeScheduler(VirtualAction, Number.POSITIVE_INFINITY);
      const seen: WatchEvent[] = [];
      let error: unknown;
      let completed = false;
      watch$(observed.client, pods, { idleTimeoutMs: 100, scheduler }).subscribe({
        next: (e) => seen.push(e),
        error: (e: unknown) => {
          error = e;
        },
        complete: () => {
          completed = true;
        },
      });
      await until(() => response !== undefined);
      for (let at = 0; at < bytes.length; at += 5) {
        const slice = bytes.subarray(at, at + 5);
        const writer = response;
        if (writer === undefined) throw new Error('the watch request never arrived');
        writer.write(slice);
        await until(() => observed.received() === Math.min(at + 5, bytes.length));
        advance(scheduler, 60);
        expect(error).toBeUndefined();
      }
      expect(scheduler.now()).toBeGreaterThan(10 * 100);
      expect(seen).toHaveLength(1);
      response?.end();
      await until(() => completed || error !== undefined);
      expect(error).toBeUndefined();
      expect(seen.map((e) => e.type)).toEqual(['ADDED']);
    });

    it('errors with WatchEmptyError when the stream ends at once without an event', async () => {
      server.script(chunks([]));
      expect(await failure(watch$(client, pods))).toBeInstanceOf(WatchEmptyError);
    });

    it("errors with DecodeError 'shape' for an event of unknown type", async () => {
      server.script(chunks([line('SYNC', pod('a', '1'))]));
      const error = (await failure(watch$(client, pods))) as DecodeError;
      expect(error.kind).toBe('shape');
      expect(error.message).toContain('SYNC');
    });

    it("errors with DecodeError 'shape' for an ADDED or DELETED object without metadata.name", async () => {
      for (const type of ['ADDED', 'DELETED']) {
        server.script(chunks([line(type, { metadata: { resourceVersion: '1' } })]));
        expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('shape');
      }
    });

    it("errors with DecodeError 'malformed' for a line that is not JSON", async () => {
      server.script(chunks([line('ADDED', pod('a', '1')), '{"type":"ADDED",\n']));
      expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('malformed');
    });

    it('decodes events split across chunks inside a multi-byte character', async () => {
      const bytes = Buffer.from(line('ADDED', pod('a', '1', { data: { greeting: 'grüße ✓ 𝄞' } })));
      const cut = bytes.indexOf(Buffer.from('𝄞')) + 2;
      server.script((_req, res) => {
        res.writeHead(200);
        res.write(bytes.subarray(0, cut));
        setTimeout(() => res.end(bytes.subarray(cut)), 20);
      });
      const [event] = await all(watch$(client, pods));
      expect(
        event!.type === 'ADDED' &&
          (event!.object as unknown as { data: { greeting: string } }).data.greeting,
      ).toBe('grüße ✓ 𝄞');
    });

    it("errors with DecodeError 'encoding' for bytes that are not UTF-8", async () => {
      server.script(
        chunks([
          Buffer.concat([
            Buffer.from('{"type":"ADDED","object":{"metadata":{"name":"'),
            Buffer.from([0xff]),
            Buffer.from('"}}}\n'),
          ]),
        ]),
      );
      expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('encoding');
    });

    it("errors with DecodeError 'oversized' for a line over maxLineBytes and drops the connection", async () => {
      server.script(
        chunks(['{"type":"ADDED","object":{"metadata":{"name":"', 'x'.repeat(4096)], {
          end: false,
        }),
      );
      expect(
        ((await failure(watch$(client, pods, { maxLineBytes: 1024 }))) as DecodeError).kind,
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

    it('validates objects with a schema, naming the key of an invalid one', async () => {
      const schema = z.looseObject({
        ...kubeObjectSchema.shape,
        spec: z.object({ nodeName: z.string() }),
      });
      server.script(chunks([line('ADDED', pod('bad', '1', { spec: {} }))]));
      const error = (await failure(watch$(client, pods, { schema }))) as InvalidObjectError;
      expect(error).toBeInstanceOf(InvalidObjectError);
      expect(error.key).toBe('default/bad');
    });

    it('aborts the request and frees the connection when unsubscribed', async () => {
      server.script(chunks([line('ADDED', pod('a', '1'))], { end: false }));
      const first = await firstValueFrom(watch$(client, pods).pipe(take(1)));
      expect(first.type).toBe('ADDED');
      await until(() => server.openSockets() === 0);
    });

    it('stops emitting at once when the subscriber unsubscribes in the middle of a chunk', async () => {
      server.script(
        chunks(
          [
            line('ADDED', pod('a', '1')) +
              line('ADDED', pod('b', '2')) +
              line('ADDED', pod('c', '3')),
          ],
          { end: false },
        ),
      );
      const seen: WatchEvent[] = [];
      const subscription = watch$(client, pods).subscribe((event) => {
        seen.push(event);
        subscription.unsubscribe();
      });
      await until(() => seen.length > 0 && server.openSockets() === 0);
      expect(seen).toHaveLength(1);
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

    it("errors with DecodeError 'encoding' when the stream ends inside a character", async () => {
      server.script(chunks([line('ADDED', pod('a', '1')), Buffer.from([0xe2, 0x9c])]));
      expect(((await failure(watch$(client, pods))) as DecodeError).kind).toBe('encoding');
    });
  });
}
