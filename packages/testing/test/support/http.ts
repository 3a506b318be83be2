import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FakeApiServer } from '../../src/index.js';

/** A decoded JSON document: tests check its shape with assertions. */
// biome-ignore lint/suspicious/noExplicitAny: documents are checked by the assertions that read them
export type Json = any;

/** A decoded HTTP answer. */
export interface Answer<T = Json> {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: T;
}

/** One request with fetch; parses the body as JSON when it is JSON. */
export async function call<T = Json>(
  server: FakeApiServer,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['content-type'] = init.contentType ?? 'application/json';
  }
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, text, body: parsed as T };
}

/** A watch (or any streaming GET) read at the byte level through node:http on its own socket. */
export class RawStream {
  readonly chunks: Buffer[] = [];
  readonly lines: string[] = [];
  status = 0;
  headers: IncomingHttpHeaders = {};
  /** How the stream ended: cleanly ('end') or not ('error'). */
  readonly done: Promise<'end' | 'error'>;
  readonly response: Promise<IncomingMessage>;
  private buffer = Buffer.alloc(0);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private req!: ReturnType<typeof httpRequest>;
  ended: 'end' | 'error' | undefined;

  constructor(
    url: string,
    options: {
      headers?: Record<string, string>;
      ca?: string;
      cert?: string;
      key?: string;
      method?: string;
    } = {},
  ) {
    const target = new URL(url);
    const make = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let resolveDone!: (v: 'end' | 'error') => void;
    this.done = new Promise((r) => {
      resolveDone = r;
    });
    const finish = (how: 'end' | 'error') => {
      if (this.ended) return;
      this.ended = how;
      resolveDone(how);
    };
    this.response = new Promise((resolve, reject) => {
      this.req = make(
        target,
        {
          method: options.method ?? 'GET',
          agent: false,
          headers: options.headers ?? {},
          ...(options.ca ? { ca: options.ca } : {}),
          ...(options.cert ? { cert: options.cert, key: options.key } : {}),
        },
        (res) => {
          this.status = res.statusCode ?? 0;
          this.headers = res.headers;
          res.on('data', (chunk: Buffer) => this.push(chunk));
          res.on('end', () => finish('end'));
          res.on('error', () => finish('error'));
          res.on('aborted', () => finish('error'));
          res.on('close', () => finish(res.complete ? 'end' : 'error'));
          resolve(res);
        },
      );
      this.req.on('error', (error) => {
        finish('error');
        reject(error);
      });
      this.req.end();
    });
    this.response.catch(() => undefined);
  }

  private push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const at = this.buffer.indexOf(0x0a);
      if (at < 0) break;
      this.lines.push(this.decoder.decode(this.buffer.subarray(0, at)));
      this.buffer = this.buffer.subarray(at + 1);
    }
  }

  /** Bytes received after the last complete line. */
  get partial(): string {
    return this.buffer.toString('utf8');
  }

  /** Every complete line parsed as JSON. */
  get events(): Json[] {
    return this.lines.map((l) => JSON.parse(l));
  }

  /** Closes the connection from the client side. */
  close(): void {
    this.req.destroy();
  }
}

/** Opens a raw stream on the server. */
export function stream(
  server: FakeApiServer,
  path: string,
  options: ConstructorParameters<typeof RawStream>[1] = {},
): RawStream {
  return new RawStream(`${server.url}${path}`, options);
}

/** Test refs. */
export const PODS = { version: 'v1', resource: 'pods' } as const;
export const CONFIGMAPS = { version: 'v1', resource: 'configmaps' } as const;
export const NAMESPACES = { version: 'v1', resource: 'namespaces' } as const;
export const DEPLOYMENTS = { group: 'apps', version: 'v1', resource: 'deployments' } as const;

/** A minimal object of a namespaced kind. */
export function named(name: string, namespace = 'default', extra: Record<string, unknown> = {}) {
  const { labels, ...rest } = extra as { labels?: Record<string, string> };
  return { metadata: { name, namespace, ...(labels ? { labels } : {}) }, ...rest };
}
