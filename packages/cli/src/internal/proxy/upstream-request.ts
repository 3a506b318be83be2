import type { KubeRequest } from '@rxkube/core/transport';

/** The methods the proxy forwards (those of `KubeRequest`). */
export const forwardedMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One of {@link forwardedMethods}. */
export type ForwardedMethod = (typeof forwardedMethods)[number];

/** Whether `method` is forwarded. */
export function isForwardedMethod(method: unknown): method is ForwardedMethod {
  return (forwardedMethods as readonly unknown[]).includes(method);
}

const TRUE = new Set(['true', '1']);

/**
 * Whether a request's response is long-lived: a watch (`watch=true` or a `/watch/` path) or a
 * followed log. Such responses get no body timeout upstream.
 */
export function isStreaming(path: string, query: Readonly<Record<string, unknown>>): boolean {
  const flag = (name: string) => TRUE.has(String(query[name]));
  return flag('watch') || flag('follow') || /\/watch\//.test(path);
}

/** The upstream request for a path and query (a repeated query parameter keeps its last value). */
export function upstreamRequest(
  method: ForwardedMethod,
  path: string,
  query: Readonly<Record<string, string | number | boolean>>,
  headers: Readonly<Record<string, string>>,
  body: string | undefined,
  signal: AbortSignal,
): KubeRequest {
  return {
    method,
    path,
    query,
    headers,
    signal,
    ...(body === undefined || method === 'GET' ? {} : { body }),
    ...(isStreaming(path, query) ? { streaming: true } : {}),
  };
}
