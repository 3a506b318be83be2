import { Agent, get, type IncomingMessage } from 'node:http';
import type { BenchClient, BenchClientOptions, ObjectLike } from './bench-client.js';

interface RawObject extends ObjectLike {
  readonly metadata: {
    readonly namespace?: string;
    readonly name?: string;
    readonly resourceVersion?: string;
    readonly annotations?: Readonly<Record<string, string>>;
  };
}

interface RawList {
  readonly metadata: { readonly resourceVersion: string; readonly continue?: string };
  readonly items: RawObject[];
}

interface RawEvent {
  readonly type: string;
  readonly object: RawObject & { readonly code?: number };
}

const HTTP_GONE = 410;
const NEWLINE = 0x0a;

/**
 * How a floor reads bodies: `bytes` splits Buffers at newline bytes and decodes complete lines
 * once per chunk (the floor); `strings` decodes every chunk with `setEncoding('utf8')` and
 * concatenates text before splitting it (the earlier floor, `stringFloorClient`).
 */
export type FloorReading = 'bytes' | 'strings';

/**
 * The floor: the fastest plain client we can write, doing only what any client must. node:http
 * with keep-alive; each LIST page's Buffers joined once, decoded once and `JSON.parse`d into a
 * `Map`; then one watch whose Buffers are split at their last newline byte, the complete lines of each
 * decoded in one call (no text is carried or copied between chunks; only the bytes of an
 * unfinished line are) and split on newlines, each line `JSON.parse`d, its object `Map.set`.
 * Decoding each line on its own measured about 10% more CPU per event than the old string floor;
 * one decode per chunk is the cheapest of the three. Every
 * parsed object is kept. On a clean end it watches again from the last version; on 410 it lists
 * again. No validation, no snapshots, no events to anyone. With several subscribers, each has its
 * own list, watch and map. With `pagesAhead`, each next LIST page is asked for as soon as the first
 * chunk of the current one names it (a regular expression over the page's leading metadata), as
 * rxkube does; without it, once the current page is parsed, as plain clients do.
 *
 * @example
 * ```ts
 * const floor = floorClient({ url, pageSize: 500, subscribers: 1, onApplied: () => {} });
 * await floor.start();
 * ```
 */
export function floorClient(
  options: BenchClientOptions,
  pagesAhead = false,
  reading: FloorReading = 'bytes',
): BenchClient {
  const agent = new Agent({ keepAlive: true });
  const caches = Array.from({ length: options.subscribers }, (_, i) =>
    floorCache(options, i, agent, pagesAhead && reading === 'bytes', reading),
  );
  const [first] = caches;
  if (first === undefined) throw new Error('a bench client needs at least one subscriber');
  return {
    start: () => Promise.all(caches.map((c) => c.start())).then(() => undefined),
    size: () => first.size(),
    watching: () => Promise.all(caches.map((c) => c.watching())).then(() => undefined),
    stop: async () => {
      for (const c of caches) c.stop();
      agent.destroy();
    },
  };
}

const HEAD_CONTINUE =
  /^\{"kind":"[^"]*","apiVersion":"[^"]*","metadata":\{[^{}]*"continue":"([^"]+)"/;
const HEAD_BYTES = 4_096;

/**
 * The continue token in the leading metadata of a LIST page's first chunk, as kube-apiserver and
 * FakeApiServer write it (`{"kind":…,"apiVersion":…,"metadata":{…"continue":"…"…}`), if any.
 *
 * @example
 * ```ts
 * continueAtPageHead(Buffer.from('{"kind":"PodList","apiVersion":"v1","metadata":{"continue":"x"},"items":[')); // 'x'
 * ```
 */
export function continueAtPageHead(chunk: Buffer): string | undefined {
  return HEAD_CONTINUE.exec(chunk.toString('utf8', 0, HEAD_BYTES))?.[1];
}

function floorCache(
  options: BenchClientOptions,
  subscriber: number,
  agent: Agent,
  pagesAhead: boolean,
  reading: FloorReading,
) {
  const base = `${options.url}/api/v1/pods`;
  let items = new Map<string, RawObject>();
  let version = '';
  let stopped = false;
  let current: IncomingMessage | undefined;

  const failed = (error: unknown) => {
    if (!stopped) console.error('floor watch failed', error);
  };
  const request = (url: string) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      get(url, { agent }, resolve).on('error', reject);
    });

  const pageAt = (token: string | undefined) =>
    request(
      `${base}?limit=${options.pageSize}${token ? `&continue=${encodeURIComponent(token)}` : ''}`,
    );

  const list = async () => {
    const next = new Map<string, RawObject>();
    /** Keeps a page's items and version; returns the next page's token. */
    const keep = (page: RawList) => {
      for (const item of page.items) {
        next.set(`${item.metadata.namespace}/${item.metadata.name}`, item);
        options.onApplied(subscriber, item);
      }
      version = page.metadata.resourceVersion;
      return page.metadata.continue;
    };
    let token: string | undefined;
    let response = await pageAt(undefined);
    do {
      if (reading === 'strings') {
        response.setEncoding('utf8');
        let body = '';
        for await (const chunk of response) body += chunk;
        const page = JSON.parse(body) as RawList;
        token = keep(page);
        if (token) response = await pageAt(token);
        continue;
      }
      const chunks: Buffer[] = [];
      // With pagesAhead, the next page is asked for once the first chunk names it.
      let ahead: { token: string; response: Promise<IncomingMessage> } | undefined;
      for await (const chunk of response) {
        if (pagesAhead && chunks.length === 0) {
          const named = continueAtPageHead(chunk as Buffer);
          if (named !== undefined) ahead = { token: named, response: pageAt(named) };
        }
        chunks.push(chunk as Buffer);
      }
      token = keep(JSON.parse(Buffer.concat(chunks).toString('utf8')) as RawList);
      if (token) {
        if (ahead !== undefined && ahead.token !== token)
          throw new Error('a head named another page');
        response = await (ahead?.response ?? pageAt(token));
      }
    } while (token);
    items = next;
  };

  let accepted: () => void = () => undefined;
  const watching = new Promise<void>((resolve) => {
    accepted = resolve;
  });

  const watch = async (): Promise<void> => {
    const response = await request(
      `${base}?watch=true&allowWatchBookmarks=true&resourceVersion=${version}`,
    );
    if (stopped) {
      response.destroy();
      return;
    }
    current = response;
    accepted();
    response.on('error', failed);
    let carried: Buffer[] = [];
    let gone = false;
    const apply = (event: RawEvent) => {
      const object = event.object;
      if (event.type === 'ERROR') {
        if (object.code === HTTP_GONE) gone = true;
        return;
      }
      if (event.type !== 'BOOKMARK') {
        const key = `${object.metadata.namespace}/${object.metadata.name}`;
        if (event.type === 'DELETED') items.delete(key);
        else {
          items.set(key, object);
          options.onApplied(subscriber, object);
        }
      }
      version = object.metadata.resourceVersion ?? version;
    };
    if (reading === 'strings') {
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let start = 0;
        for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n', start)) {
          apply(JSON.parse(buffer.slice(start, end)) as RawEvent);
          start = end + 1;
        }
        buffer = buffer.slice(start);
      });
    } else
      response.on('data', (chunk: Buffer) => {
        // The complete lines of the chunk (and the carried start of the first) are decoded in one
        // call and split as text: one decode per chunk is cheaper than one per line, and only the
        // bytes of an unfinished line are carried.
        const last = chunk.lastIndexOf(NEWLINE);
        if (last === -1) {
          carried.push(chunk);
          return;
        }
        let text: string;
        if (carried.length > 0) {
          carried.push(chunk.subarray(0, last));
          text = Buffer.concat(carried).toString('utf8');
          carried = [];
        } else text = chunk.toString('utf8', 0, last);
        let start = 0;
        for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
          apply(JSON.parse(text.slice(start, end)) as RawEvent);
          start = end + 1;
        }
        apply(JSON.parse(text.slice(start)) as RawEvent);
        if (last + 1 < chunk.length) carried.push(chunk.subarray(last + 1));
      });
    response.on('end', () => {
      if (stopped) return;
      const again = gone ? list().then(watch) : watch();
      again.catch(failed);
    });
  };

  return {
    start: async () => {
      await list();
      watch().catch(failed);
    },
    size: () => items.size,
    watching: () => watching,
    stop: () => {
      stopped = true;
      current?.destroy();
    },
  };
}
