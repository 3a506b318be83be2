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
 * The floor: the fastest plain client we can write, doing only what any client must. node:http
 * with keep-alive; each LIST page's Buffers joined once, decoded once and `JSON.parse`d into a
 * `Map`; then one watch whose Buffers are split on the newline byte, each line decoded on its own
 * (no text is carried or copied between chunks) and `JSON.parse`d, its object `Map.set`. Every
 * parsed object is kept. On a clean end it watches again from the last version; on 410 it lists
 * again. No validation, no snapshots, no events to anyone. With several subscribers, each has its
 * own list, watch and map.
 *
 * @example
 * ```ts
 * const floor = floorClient({ url, pageSize: 500, subscribers: 1, onApplied: () => {} });
 * await floor.start();
 * ```
 */
export function floorClient(options: BenchClientOptions): BenchClient {
  const agent = new Agent({ keepAlive: true });
  const caches = Array.from({ length: options.subscribers }, (_, i) =>
    floorCache(options, i, agent),
  );
  return {
    start: () => Promise.all(caches.map((c) => c.start())).then(() => undefined),
    size: () => caches[0]!.size(),
    stop: async () => {
      for (const c of caches) c.stop();
      agent.destroy();
    },
  };
}

function floorCache(options: BenchClientOptions, subscriber: number, agent: Agent) {
  const base = `${options.url}/api/v1/pods`;
  const selector =
    options.labelSelector === undefined
      ? ''
      : `&labelSelector=${encodeURIComponent(options.labelSelector)}`;
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

  const list = async () => {
    const next = new Map<string, RawObject>();
    let token: string | undefined;
    do {
      const query = `limit=${options.pageSize}${selector}${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
      const response = await request(`${base}?${query}`);
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const page = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RawList;
      for (const item of page.items) {
        next.set(`${item.metadata.namespace}/${item.metadata.name}`, item);
        options.onApplied(subscriber, item);
      }
      version = page.metadata.resourceVersion;
      token = page.metadata.continue;
    } while (token);
    items = next;
  };

  const watch = async (): Promise<void> => {
    const response = await request(
      `${base}?watch=true&allowWatchBookmarks=true&resourceVersion=${version}${selector}`,
    );
    if (stopped) {
      response.destroy();
      return;
    }
    current = response;
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
    response.on('data', (chunk: Buffer) => {
      let start = 0;
      let end = chunk.indexOf(NEWLINE);
      if (end === -1) {
        carried.push(chunk);
        return;
      }
      if (carried.length > 0) {
        carried.push(chunk.subarray(0, end));
        apply(JSON.parse(Buffer.concat(carried).toString('utf8')) as RawEvent);
        carried = [];
        start = end + 1;
        end = chunk.indexOf(NEWLINE, start);
      }
      for (; end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        apply(JSON.parse(chunk.toString('utf8', start, end)) as RawEvent);
        start = end + 1;
      }
      if (start < chunk.length) carried.push(chunk.subarray(start));
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
    stop: () => {
      stopped = true;
      current?.destroy();
    },
  };
}
