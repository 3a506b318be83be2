import type { KubeClient } from '../../src/index.js';
import type { KubeRequest, KubeResponse } from '../../src/transport/index.js';

/** What the fake answers for one path: a JSON document, or a status with a Status body. */
export type FakeAnswer =
  | { readonly json: unknown }
  | { readonly status: number; readonly body: string };

/**
 * A `KubeClient` whose transport answers discovery paths from a table, recording every request
 * (path and accept header) and the most requests it had in flight at once.
 */
export function fakeDiscoveryClient(answers: (request: KubeRequest) => FakeAnswer | undefined): {
  readonly client: KubeClient;
  readonly requests: { path: string; accept: string }[];
  readonly maxInFlight: () => number;
} {
  const requests: { path: string; accept: string }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const respond = (status: number, body: string): KubeResponse => ({
    status,
    header: (name) => (name.toLowerCase() === 'content-type' ? 'application/json' : undefined),
    body: (async function* () {
      yield new TextEncoder().encode(body);
    })(),
    text: async () => body,
    dispose: async () => {},
  });
  const client: KubeClient = {
    transport: {
      async request(request) {
        requests.push({ path: request.path, accept: request.headers?.accept ?? '' });
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // Let every request that is started together be in flight together.
        await new Promise<void>((resolve) => setImmediate(resolve));
        inFlight -= 1;
        const answer = answers(request);
        if (answer === undefined) {
          return respond(
            404,
            JSON.stringify({
              kind: 'Status',
              apiVersion: 'v1',
              status: 'Failure',
              code: 404,
              reason: 'NotFound',
              message: 'the server could not find the requested resource',
            }),
          );
        }
        return 'json' in answer
          ? respond(200, JSON.stringify(answer.json))
          : respond(answer.status, answer.body);
      },
    },
  };
  return { client, requests, maxInFlight: () => maxInFlight };
}
