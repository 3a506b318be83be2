import type { KubeRequest, Transport } from '@rxkube/core/transport';

/** One line of a watch body, with when it arrived. */
export interface RawLine {
  /** Milliseconds since the request was sent. */
  readonly atMs: number;
  /** The parsed JSON, or the text when it was not JSON. */
  readonly value: unknown;
}

/**
 * A request and what came back, as raw as the transport allows: status, the headers asked for,
 * the body as JSON (or its lines, for a watch), and timings.
 *
 * @example
 * ```ts
 * import type { RawExchange } from '@rxkube/conformance';
 * const codeOf = (x: RawExchange) => x.status;
 * ```
 */
export interface RawExchange {
  readonly status: number;
  /** The headers named in `headers`, lower-case, `undefined` when absent. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body parsed as JSON (text when it is not JSON); `undefined` for a watch. */
  readonly body: unknown;
  /** The body's lines, for a watch (a request with `watch=true`). */
  readonly lines: readonly RawLine[];
  /** Milliseconds until the response headers arrived. */
  readonly headersAfterMs: number;
  /** Milliseconds until the body ended. */
  readonly endedAfterMs: number;
  /** How the body ended: cleanly, or with a transport error (message). */
  readonly ending: 'clean' | { readonly error: string };
}

/** Options of {@link rawExchange}. */
export interface RawExchangeOptions {
  /** Response headers to keep. Default `content-type` and `retry-after`. */
  readonly headers?: readonly string[];
  /** Give up on the body after this long (the request is aborted; `ending` says so). */
  readonly maxMs?: number;
  /** Called once the status and headers arrived, before the body is read (e.g. to write while a watch is open). */
  readonly onHeaders?: (status: number) => void;
}

const DEFAULT_HEADERS = ['content-type', 'retry-after'] as const;
/** Longer than any watch a test asks for (`timeoutSeconds` in the fidelity cases is ≤ 10). */
const DEFAULT_MAX_MS = 30_000;

/**
 * Sends one request through a transport and reads the whole answer: the JSON body, or for a
 * watch each line as it arrives (with its arrival time) until the server ends the stream.
 *
 * @example
 * ```ts
 * import { rawExchange } from '@rxkube/conformance';
 * const x = await rawExchange(client.transport, {
 *   path: '/api/v1/namespaces/default/configmaps',
 *   query: { watch: true, timeoutSeconds: 5, allowWatchBookmarks: true },
 * });
 * x.lines.map((l) => (l.value as { type: string }).type); // e.g. ['ADDED', 'BOOKMARK']
 * ```
 */
export async function rawExchange(
  transport: Transport,
  request: KubeRequest,
  options: RawExchangeOptions = {},
): Promise<RawExchange> {
  const watch = request.query?.watch === true || request.query?.watch === 'true';
  const controller = new AbortController();
  const maxMs = options.maxMs ?? DEFAULT_MAX_MS;
  const timer = setTimeout(() => controller.abort(new Error(`no end after ${maxMs} ms`)), maxMs);
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  try {
    const response = await transport.request({
      ...request,
      headers: { accept: 'application/json', ...request.headers },
      signal: controller.signal,
      ...(watch ? { streaming: true } : {}),
    });
    const headersAfterMs = since();
    options.onHeaders?.(response.status);
    const headers: Record<string, string | undefined> = {};
    for (const name of options.headers ?? DEFAULT_HEADERS) headers[name] = response.header(name);
    const lines: RawLine[] = [];
    let body: unknown;
    let ending: RawExchange['ending'] = 'clean';
    try {
      if (watch && response.status === 200) {
        const decoder = new TextDecoder();
        let carry = '';
        for await (const chunk of response.body) {
          carry += decoder.decode(chunk, { stream: true });
          let newline = carry.indexOf('\n');
          while (newline >= 0) {
            const line = carry.slice(0, newline).trim();
            carry = carry.slice(newline + 1);
            if (line.length > 0) lines.push({ atMs: since(), value: parse(line) });
            newline = carry.indexOf('\n');
          }
        }
        const rest = (carry + decoder.decode()).trim();
        if (rest.length > 0) lines.push({ atMs: since(), value: parse(rest) });
      } else {
        body = parse(await response.text());
      }
    } catch (error) {
      ending = { error: error instanceof Error ? error.message : String(error) };
    }
    return {
      status: response.status,
      headers,
      body,
      lines,
      headersAfterMs,
      endedAfterMs: since(),
      ending,
    };
  } finally {
    clearTimeout(timer);
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
