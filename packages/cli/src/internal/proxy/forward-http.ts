import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transport } from '@rxkube/core/transport';
import { pickRequestHeaders, pickResponseHeaders } from './forwarded-headers.js';
import { proxyDefaults } from './proxy-defaults.js';
import { proxyStatus } from './proxy-status.js';
import { isForwardedMethod, upstreamRequest } from './upstream-request.js';

/** A Status answer of the proxy itself, in the API server's shape. */
export function statusAnswer(
  response: ServerResponse,
  code: number,
  reason: string,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(code, { ...headers, 'content-type': 'application/json' });
  response.end(JSON.stringify(proxyStatus(code, reason, message)));
}

class BodyTooLarge extends Error {}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > proxyDefaults.maxRequestBodyBytes) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return size === 0 ? undefined : Buffer.concat(chunks).toString('utf8');
}

/**
 * Forwards one HTTP request to the API server through `transport` (which adds the kubeconfig's
 * credentials) and streams the answer back as it arrives: a watch is written event by event,
 * never buffered. A client that goes away aborts the upstream request.
 */
export async function forwardHttp(
  transport: Transport,
  request: IncomingMessage,
  response: ServerResponse,
  apiPath: string,
  search: URLSearchParams,
): Promise<void> {
  const method = request.method ?? 'GET';
  if (!isForwardedMethod(method)) {
    statusAnswer(
      response,
      405,
      'MethodNotAllowed',
      `the proxy does not forward ${method} requests`,
    );
    return;
  }
  const controller = new AbortController();
  const abort = () => controller.abort(new Error('the client went away'));
  response.on('close', abort);
  try {
    let body: string | undefined;
    try {
      body = await readBody(request);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        statusAnswer(response, 413, 'RequestEntityTooLarge', 'the request body is too large');
        return;
      }
      throw error;
    }
    const query = Object.fromEntries(search);
    const upstream = await transport.request(
      upstreamRequest(
        method,
        apiPath,
        query,
        pickRequestHeaders(request.headers),
        body,
        controller.signal,
      ),
    );
    response.writeHead(
      upstream.status,
      pickResponseHeaders((name) => upstream.header(name)),
    );
    response.flushHeaders();
    for await (const chunk of upstream.body) {
      if (!response.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            response.off('drain', done);
            response.off('close', done);
            resolve();
          };
          response.on('drain', done);
          response.on('close', done);
        });
      }
      if (controller.signal.aborted) break;
    }
    response.end();
  } catch (error) {
    if (controller.signal.aborted) return;
    // Status and headers already went out: cut the connection so the client sees the failure.
    statusAnswer(
      response,
      502,
      'ServiceUnavailable',
      `the proxy's request failed: ${message(error)}`,
    );
  } finally {
    response.off('close', abort);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
