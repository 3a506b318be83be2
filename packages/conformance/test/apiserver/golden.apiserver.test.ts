import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createGoldenObjects,
  goldenCases,
  normalizeOutput,
  runRxkube,
} from '../golden/golden-support.js';
import { cluster } from './cluster.js';

// The printing matrix against kube-apiserver 1.20: rxkube must print what kubectl 1.20.2 printed
// for the same objects (ages and generated values aside), every command of it.
describe('rxkube get against kube-apiserver prints what kubectl printed', () => {
  const { env } = cluster();

  beforeAll(async () => {
    const ca = await readFile(env.caFile);
    const token = (await readFile(env.tokenFile, 'utf8')).trim();
    const send = (method: string, path: string, body?: unknown) =>
      new Promise<unknown>((resolve, reject) => {
        const req = request(
          new URL(path, env.server),
          {
            method,
            ca,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'user-agent': 'golden',
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => {
              text += chunk.toString('utf8');
            });
            res.on('end', () =>
              (res.statusCode ?? 500) < 300
                ? resolve(JSON.parse(text))
                : reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      });
    await createGoldenObjects(send);
  });

  for (const golden of goldenCases) {
    it(`rxkube ${golden.args.join(' ')}`, async () => {
      const got = await runRxkube(golden.args, {
        KUBECONFIG: env.kubeconfig,
        HOME: '/nonexistent',
      });
      const normalized = (o: { stdout: string; stderr: string; code: number }) => ({
        stdout: normalizeOutput(o.stdout),
        stderr: normalizeOutput(o.stderr),
        code: o.code,
      });
      if (golden.id === 'unknown-output') {
        // rxkube lists its own formats (ndjson; no go-template): documented in the CLI README.
        expect(got.code).toBe(golden.code);
        return;
      }
      expect(normalized(got)).toEqual(normalized(golden));
    });
  }
});
