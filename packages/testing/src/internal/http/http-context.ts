import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeApiError } from '../../fake-api-error.js';
import type { FakeApiStatus } from '../../fake-api-status.js';
import type { RequestKind } from '../../requests/request-kind.js';
import type { Chunker } from '../faults/fault-state.js';
import { writeBody } from '../streams/body-writer.js';
import { prettyJson } from './pretty-json.js';
import type { MutableRecord, RequestLog } from './request-log.js';

/** One request being served: the parsed URL, the log record, and how to answer. */
export class HttpContext {
  readonly url: URL;
  readonly started = performance.now();
  readonly record: MutableRecord;
  /** Pretty-print JSON answers, as kube-apiserver does for `?pretty=true` and for curl. */
  readonly pretty: boolean;
  private logged = false;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly log: RequestLog,
    private readonly chunker: () => Chunker,
  ) {
    this.url = new URL(req.url ?? '/', 'http://localhost');
    const query: Record<string, string> = {};
    for (const [k, v] of this.url.searchParams) query[k] = v;
    this.record = {
      method: req.method ?? 'GET',
      path: this.url.pathname,
      query,
      kind: 'other',
      status: 0,
      durationMs: undefined,
    };
    const prettyParam = this.url.searchParams.get('pretty');
    const agent = req.headers['user-agent'] ?? '';
    this.pretty =
      prettyParam === 'true' ||
      prettyParam === '1' ||
      (prettyParam === null && (agent.startsWith('curl') || agent.startsWith('Wget')));
    res.on('close', () => {
      this.record.durationMs = performance.now() - this.started;
      this.record.endedBy ??= res.writableEnded ? 'server' : 'client';
      this.logOnce();
    });
  }

  /** Marks the answer as ended by the server before it cuts the connection. */
  endedByServer(): void {
    this.record.endedBy ??= 'server';
  }

  get query(): URLSearchParams {
    return this.url.searchParams;
  }

  setKind(kind: RequestKind, resource?: string): void {
    this.record.kind = kind;
    if (resource !== undefined) this.record.resource = resource;
  }

  /** Puts the request in the log (once): status 0 until it is answered. */
  logOnce(): void {
    if (this.logged) return;
    this.logged = true;
    this.log.add(this.record);
  }

  /** Writes the status line and headers and logs the request. */
  head(status: number, headers: Record<string, string | number>): void {
    this.record.status = status;
    this.res.writeHead(status, {
      'Audit-Id': randomUUID(),
      'Cache-Control': 'no-cache, private',
      ...headers,
    });
    this.logOnce();
  }

  /** Answers with JSON: a value, or an already serialized document. */
  json(status: number, body: unknown, headers: Record<string, string | number> = {}): void {
    let text: string;
    if (this.pretty) {
      text = prettyJson(typeof body === 'string' ? JSON.parse(body) : body);
    } else {
      text = typeof body === 'string' ? body : JSON.stringify(body);
      text += '\n';
    }
    const chunker = this.chunker();
    // With chunking on, no Content-Length: each piece travels as its own HTTP chunk.
    this.head(status, {
      'Content-Type': 'application/json',
      ...(chunker === null ? { 'Content-Length': Buffer.byteLength(text) } : {}),
      ...headers,
    });
    if (chunker === null) this.res.end(text);
    else {
      writeBody(this.res, text, chunker);
      this.res.end();
    }
  }

  /** Answers with a Status (its code is the HTTP status). */
  status(status: FakeApiStatus, headers: Record<string, string | number> = {}): void {
    const retry = status.details?.retryAfterSeconds;
    const extra = retry ? { 'Retry-After': String(retry), ...headers } : headers;
    this.json(status.code ?? 500, status, extra);
  }

  /** Answers a thrown {@link FakeApiError}; anything else becomes a 500. */
  fail(error: unknown): void {
    if (this.res.headersSent) {
      this.endedByServer();
      this.res.destroy();
      return;
    }
    if (error instanceof FakeApiError) this.status(error.status, { ...error.headers });
    else {
      this.status({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `Internal error occurred: ${(error as Error)?.message ?? String(error)}`,
        reason: 'InternalError',
        code: 500,
      });
    }
  }

  text(
    status: number,
    body: string,
    contentType = 'text/plain; charset=utf-8',
    headers: Record<string, string> = {},
  ): void {
    this.head(status, {
      'Content-Type': contentType,
      'Content-Length': Buffer.byteLength(body),
      ...headers,
    });
    this.res.end(body);
  }
}
