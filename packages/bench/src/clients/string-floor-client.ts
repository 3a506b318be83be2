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

/**
 * The earlier floor, kept for comparison: like `floorClient`, but reading every body through
 * `setEncoding('utf8')` (a `StringDecoder`) and string concatenation before splitting it on
 * newlines. Not the fastest plain client: the bytes become text a chunk at a time and the carried
 * text is copied again with each chunk.
 *
 * @example
 * ```ts
 * const old = stringFloorClient({ url, pageSize: 500, subscribers: 1, onApplied: () => {} });
 * await old.start();
 * ```
 */
export function stringFloorClient(options: BenchClientOptions): BenchClient {
  const agent = new Agent({ keepAlive: true });
  const caches = Array.from({ length: options.subscribers }, (_, i) =>
    floorCache(options, i, agent),
  );
  const [first] = caches;
  if (first === undefined) throw new Error('a bench client needs at least one subscriber');
  return {
    start: () => Promise.all(caches.map((c) => c.start())).then(() => undefined),
    size: () => first.size(),
    stop: async () => {
      for (const c of caches) c.stop();
      agent.destroy();
    },
  };
}

function floorCache(options: BenchClientOptions, subscriber: number, agent: Agent) {
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

  const list = async () => {
    const next = new Map<string, RawObject>();
    let token: string | undefined;
    do {
      const query = `limit=${options.pageSize}${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
      const response = await request(`${base}?${query}`);
      response.setEncoding('utf8');
      let body = '';
      for await (const chunk of response) body += chunk;
      const page = JSON.parse(body) as RawList;
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
      `${base}?watch=true&allowWatchBookmarks=true&resourceVersion=${version}`,
    );
    if (stopped) {
      response.destroy();
      return;
    }
    current = response;
    response.on('error', failed);
    response.setEncoding('utf8');
    let buffer = '';
    let gone = false;
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let start = 0;
      for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n', start)) {
        const event = JSON.parse(buffer.slice(start, end)) as RawEvent;
        start = end + 1;
        const object = event.object;
        if (event.type === 'ERROR') {
          if (object.code === HTTP_GONE) gone = true;
          continue;
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
      }
      buffer = buffer.slice(start);
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
