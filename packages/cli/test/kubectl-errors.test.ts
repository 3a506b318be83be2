import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';

describe('kubectl-like one-line errors', () => {
  let server: FakeApiServer;
  let dir: string;

  beforeAll(async () => {
    server = await FakeApiServer.start({ tokens: ['right'] });
    dir = await mkdtemp(join(tmpdir(), 'rxkube-errors-'));
  });
  afterAll(() => server.close());

  it('says a connection was refused', async () => {
    const { code, stderr } = await runInProcess(['get', 'pods', '--server=http://127.0.0.1:9']);
    expect(code).toBe(1);
    expect(stderr).toBe(
      'error: The connection to the server 127.0.0.1:9 was refused - did you specify the right host or port?\n',
    );
  });

  it('says an HTTPS URL got a plain HTTP answer', async () => {
    const https = server.url.replace('http:', 'https:');
    const { stderr } = await runInProcess(['get', 'pods', `--server=${https}`]);
    expect(stderr).toBe(
      `error: Unable to connect to the server ${new URL(server.url).host}: it answered in plain HTTP (server gave HTTP response to HTTPS client)\n`,
    );
  });

  it('says an unknown resource type in one line', async () => {
    const { stderr } = await runInProcess([
      'get',
      'flurbs',
      `--server=${server.url}`,
      '--token=right',
    ]);
    expect(stderr).toBe('error: the server doesn\'t have a resource type "flurbs"\n');
  });

  it('names a kubeconfig that does not exist, or is empty', async () => {
    const missing = join(dir, 'missing');
    const absent = await runInProcess(['get', 'pods'], { KUBECONFIG: missing });
    expect(absent.stderr).toBe(
      `error: kubeconfig ${missing} does not exist: set KUBECONFIG, or use --kubeconfig or --server\n`,
    );
    const empty = join(dir, 'empty');
    await writeFile(empty, '');
    const blank = await runInProcess(['get', 'pods'], { KUBECONFIG: empty });
    expect(blank.stderr).toBe(
      `error: kubeconfig ${empty} is empty: no cluster is configured (use --server, or a kubeconfig with a current context)\n`,
    );
    expect(blank.code).toBe(1);
  });

  it('says 401 as kubectl does, and never prints the token', async () => {
    const { code, stderr } = await runInProcess([
      'get',
      'pods',
      `--server=${server.url}`,
      '--token=wrong-secret',
    ]);
    expect(code).toBe(1);
    expect(stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
  });
});

describe("kubectl's connection flags", () => {
  let server: FakeApiServer;
  let kubeconfig: string;

  beforeAll(async () => {
    server = await FakeApiServer.start({ tokens: ['right'] });
    server.create(
      { version: 'v1', resource: 'pods' },
      { metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [] } },
    );
    const dir = await mkdtemp(join(tmpdir(), 'rxkube-flags-'));
    kubeconfig = join(dir, 'config');
    await writeFile(
      kubeconfig,
      JSON.stringify({
        clusters: [
          { name: 'elsewhere', cluster: { server: 'http://127.0.0.1:9' } },
          { name: 'here', cluster: { server: server.url } },
        ],
        users: [
          { name: 'me', user: { token: 'right' } },
          { name: 'nobody', user: { token: 'wrong' } },
        ],
        contexts: [
          { name: 'c', context: { cluster: 'elsewhere', user: 'me', namespace: 'ns' } },
          { name: 'other', context: { cluster: 'here', user: 'nobody' } },
        ],
        'current-context': 'c',
      }),
    );
  });
  afterAll(() => server.close());

  it('--server replaces the server and keeps the credentials and namespace', async () => {
    server.clearRequests();
    const { code, stdout } = await runInProcess([
      'get',
      'pods',
      '-o',
      'name',
      `--kubeconfig=${kubeconfig}`,
      `--server=${server.url}`,
    ]);
    expect(code).toBe(0);
    expect(stdout).toBe('pod/p\n');
    expect(
      server.requests.filter((r) => r.kind === 'get' || r.kind === 'list').map((r) => r.path),
    ).toEqual(['/api/v1/namespaces/ns/pods']);
  });

  it('--cluster and --user pick other entries; --token overrides the user', async () => {
    const viaCluster = await runInProcess([
      'get',
      'pods',
      '-n',
      'ns',
      '-o',
      'name',
      `--kubeconfig=${kubeconfig}`,
      '--cluster=here',
    ]);
    expect(viaCluster.stdout).toBe('pod/p\n');
    const wrongUser = await runInProcess([
      'get',
      'pods',
      '-n',
      'ns',
      `--kubeconfig=${kubeconfig}`,
      '--cluster=here',
      '--user=nobody',
    ]);
    expect(wrongUser.stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
    const token = await runInProcess([
      'get',
      'pods',
      '-n',
      'ns',
      '-o',
      'name',
      `--kubeconfig=${kubeconfig}`,
      '--context=other',
      '--token=right',
    ]);
    expect(token.stdout).toBe('pod/p\n');
  });

  it('--as and --as-group send impersonation headers with the kubeconfig token', async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const recorder = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/api') return res.end(JSON.stringify({ versions: ['v1'] }));
      if (req.url === '/api/v1') {
        return res.end(
          JSON.stringify({ resources: [{ name: 'pods', kind: 'Pod', namespaced: true }] }),
        );
      }
      res.end(JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: {}, items: [] }));
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
    try {
      const { code } = await runInProcess([
        'get',
        'pods',
        '-o',
        'name',
        `--kubeconfig=${kubeconfig}`,
        `--server=${url}`,
        '--as=jane',
        '--as-group=devs',
      ]);
      expect(code).toBe(0);
      const list = seen.at(-1)!;
      expect(list['impersonate-user']).toBe('jane');
      expect(list['impersonate-group']).toBe('devs');
      expect(list.authorization).toBe('Bearer right');
    } finally {
      await new Promise((resolve) => recorder.close(resolve));
    }
  });

  it('names only what the user wrote: a --certificate-authority that holds no certificate', async () => {
    const notPem = join(await mkdtemp(join(tmpdir(), 'rxkube-ca-')), 'ca.crt');
    await writeFile(notPem, 'not a certificate\n');
    // Flags alone: the cluster is the server given.
    const alone = await runInProcess([
      'get',
      'pods',
      '--server=https://127.0.0.1:6443',
      `--certificate-authority=${notPem}`,
    ]);
    expect(alone).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: certificate-authority file ${notPem} of cluster 'https://127.0.0.1:6443' holds no PEM CERTIFICATE block\n`,
    });
    // Over a kubeconfig: its context's cluster, as kubectl names it.
    const over = await runInProcess([
      'get',
      'pods',
      `--kubeconfig=${kubeconfig}`,
      `--certificate-authority=${notPem}`,
    ]);
    expect(over.stderr).toBe(
      `error: certificate-authority file ${notPem} of cluster 'elsewhere' holds no PEM CERTIFICATE block\n`,
    );
  });

  it('refuses --as-group without --as in one line', async () => {
    const { code, stderr } = await runInProcess([
      'get',
      'pods',
      `--server=${server.url}`,
      '--as-group=devs',
    ]);
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr: 'error: requesting groups without impersonating a user: add --as\n',
    });
  });

  it('an unknown context is one line', async () => {
    const { stderr } = await runInProcess([
      'get',
      'pods',
      `--kubeconfig=${kubeconfig}`,
      '--context=nope',
      '--token=x',
    ]);
    expect(stderr).toBe('error: context was not found for specified context: nope\n');
  });
});
