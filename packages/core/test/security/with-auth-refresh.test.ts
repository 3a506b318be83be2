import { describe, expect, it } from 'vitest';
import type { AuthProvider } from '../../src/auth-provider.js';
import type { KubeResponse, Transport } from '../../src/transport.js';
import { withAuth } from '../../src/with-auth.js';

function answer(status: number): KubeResponse {
  return {
    status,
    header: () => undefined,
    body: { async *[Symbol.asyncIterator]() {} },
    text: async () => '',
    dispose: async () => undefined,
  };
}

/** A server that accepts only `Bearer <accepted>`, and answers once all `waitFor` requests are in. */
function server(accepted: () => string, waitFor: number) {
  const sent: string[] = [];
  const pending: Array<() => void> = [];
  const transport: Transport = {
    request: (request) =>
      new Promise((resolve) => {
        const value = request.headers?.authorization ?? '';
        sent.push(value);
        const reply = () => resolve(answer(value === `Bearer ${accepted()}` ? 200 : 401));
        if (sent.length <= waitFor) {
          pending.push(reply);
          if (pending.length === waitFor) for (const release of pending.splice(0)) release();
        } else reply();
      }),
  };
  return { transport, sent };
}

describe('withAuth after a 401', () => {
  it('tells the provider which value was rejected, so five 401s in flight refresh the credential once', async () => {
    let current = 1;
    let refreshes = 0;
    let cached: string | undefined;
    const auth: AuthProvider = {
      header: async () => {
        if (cached === undefined) {
          refreshes += 1;
          cached = `Bearer t${current}`;
        }
        return cached;
      },
      invalidate: (rejected?: string) => {
        // client-go: only a credential that is still the cached one is thrown away.
        if (rejected === undefined || rejected === cached) {
          cached = undefined;
          current += 1;
        }
      },
    };
    const { transport, sent } = server(() => 't2', 5);
    const client = withAuth(transport, auth);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.request({ path: '/api/v1/pods' }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(refreshes).toBe(2);
    expect(sent.filter((value) => value === 'Bearer t1')).toHaveLength(5);
    expect(sent.filter((value) => value === 'Bearer t2')).toHaveLength(5);
  });
});
