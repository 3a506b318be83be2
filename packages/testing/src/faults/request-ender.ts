/**
 * Who ended an answer in the request log ({@link RequestRecord.endedBy}): the server (the answer
 * was complete, or the server cut it), or the client (it went away first).
 *
 * @example
 * ```ts
 * import { FakeApiServer, type RequestEnder } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * await fetch(`${server.url}/api/v1/pods`);
 * const ender: RequestEnder | undefined = server.requests[0]?.endedBy; // 'server'
 * await server.close();
 * ```
 */
export type RequestEnder = 'server' | 'client';
