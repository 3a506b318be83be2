import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOutputDifferences, withoutManagedFields } from './golden/fake-output-differences.js';
import {
  asRxkube,
  createGoldenObjects,
  goldenCases,
  kubeconfigFile,
  normalizeOutput,
  runRxkube,
} from './golden/golden-support.js';

// The printing matrix against FakeApiServer: every command must print what kubectl 1.32.3
// printed against kube-apiserver 1.20.2 for the same objects (ages and generated values aside).
describe('rxkube get against FakeApiServer prints what kubectl printed against kube-apiserver', () => {
  let server: FakeApiServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await FakeApiServer.start();
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'user-agent': 'golden' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as unknown;
    };
    await createGoldenObjects(send, server);
    env = { KUBECONFIG: await kubeconfigFile(server.url), HOME: '/nonexistent' };
  });
  afterAll(() => server?.close());

  it('has a matrix of every kind, format and flag', () => {
    expect(goldenCases.length).toBeGreaterThanOrEqual(80);
  });

  it('prints every command of the matrix alike: no known difference is left', () => {
    expect(fakeOutputDifferences).toEqual({});
  });

  for (const golden of goldenCases) {
    it(`rxkube ${golden.args.join(' ')}`, async () => {
      const got = await runRxkube(golden.args, env);
      const seen = { stdout: got.stdout, stderr: got.stderr, code: got.code };
      const want = asRxkube({ stdout: golden.stdout, stderr: golden.stderr, code: golden.code });
      const normalized = (o: typeof seen, strip: boolean) => ({
        stdout: normalizeOutput(strip ? withoutManagedFields(o.stdout) : o.stdout),
        stderr: normalizeOutput(o.stderr),
        code: o.code,
      });
      const known = fakeOutputDifferences[golden.id];
      if (known === undefined) {
        expect(normalized(seen, false)).toEqual(normalized(want, false));
        return;
      }
      // A documented difference must still be one; fixed, its entry goes.
      expect(normalized(seen, false)).not.toEqual(normalized(want, false));
      if (known.kind === 'managedFields') {
        expect(normalized(seen, true)).toEqual(normalized(want, true));
      }
    });
  }
});
