import type { KubeResponse, Transport } from '@rxkube/core/transport';
import { withAuth } from '@rxkube/core/transport';
import { describe, expect, it } from 'vitest';
import { execCredentialAuth } from '../../src/auth/exec-credential-auth.js';
import { execCredential, writeExecPlugin } from '../auth/exec-plugin.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';

function answer(status: number): KubeResponse {
  return {
    status,
    header: () => undefined,
    body: { async *[Symbol.asyncIterator]() {} },
    text: async () => '',
    dispose: async () => undefined,
  };
}

/**
 * A server that accepts only `Bearer <accepted>`. The first `inFlight` requests are held until
 * all have arrived (`onAllArrived` runs then); their 401s are then released one at a time, each
 * after the previous request's retry was answered: the slowest order for a client, the one a
 * real server produces when answers straggle.
 */
function stragglingServer(accepted: string, inFlight: number, onAllArrived: () => void) {
  const sent: string[] = [];
  const held: Array<() => void> = [];
  let retried: (() => void) | undefined;
  const releaseInTurn = async () => {
    onAllArrived();
    for (const release of held) {
      const retry = new Promise<void>((resolve) => {
        retried = resolve;
      });
      release();
      await retry;
    }
  };
  const transport: Transport = {
    request: (request) =>
      new Promise((resolve) => {
        const value = request.headers?.authorization ?? '';
        sent.push(value);
        if (sent.length <= inFlight) {
          held.push(() => resolve(answer(value === `Bearer ${accepted}` ? 200 : 401)));
          if (held.length === inFlight) void releaseInTurn();
          return;
        }
        resolve(answer(value === `Bearer ${accepted}` ? 200 : 401));
        retried?.();
      }),
  };
  return { transport, sent };
}

describe('a 401 refreshes a credential only if it is still the one that failed', () => {
  const temp = useTempDir();

  it('five requests failing with the same exec token run the plugin twice, not six times', async () => {
    const plugin = writeExecPlugin(temp.path());
    plugin.respond(execCredential({ token: 'one' }));
    const auth = execCredentialAuth({
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1',
        command: plugin.command,
        args: plugin.args,
        interactiveMode: 'Never',
      },
    });
    const server = stragglingServer('two', 5, () =>
      plugin.respond(execCredential({ token: 'two' })),
    );
    const client = withAuth(server.transport, auth);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.request({ path: '/api/v1/pods' }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(plugin.runs()).toBe(2);
    expect(server.sent).toEqual([...Array(5).fill('Bearer one'), ...Array(5).fill('Bearer two')]);
  });
});
