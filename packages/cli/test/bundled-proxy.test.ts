import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RxkubeProcess, rxkube } from './support/rxkube-process.js';
import { seededServer } from './support/seed-cluster.js';

let server: FakeApiServer;

beforeAll(async () => {
  server = await seededServer();
});
afterAll(() => server.close());

// The bundle builds the proxy apart from `get` (dist/bundle/commands/): these run it from there.
describe('rxkube proxy, bundled', () => {
  it('serves the API server until SIGTERM, then exits 143', async () => {
    const proxy = new RxkubeProcess(['proxy', '--port', '0', `--server=${server.url}`]);
    await proxy.waitForStdout((out) => out.includes('Starting to serve on '));
    const [, address] = proxy.stdout.match(/Starting to serve on (\S+)/) ?? [];
    const response = await fetch(`http://${address}/api/v1/namespaces/default/pods`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { items: { metadata: { name: string } }[] };
    expect(list.items.map((pod) => pod.metadata.name)).toEqual(['web-0', 'web-1']);
    proxy.kill('SIGTERM');
    const { code, stderr } = await proxy.exited;
    expect(stderr).toBe('');
    expect(code).toBe(143);
  });

  it("reports the command's own error as one line and exits 1", async () => {
    const { code, stdout, stderr } = await rxkube(['proxy', '--port', '0'], {
      KUBECONFIG: '/nonexistent/kubeconfig',
    });
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'error: kubeconfig /nonexistent/kubeconfig does not exist: set KUBECONFIG, or use --kubeconfig or --server\n',
    );
    expect(code).toBe(1);
  });
});
