import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asRxkube,
  createGoldenObjects,
  goldenCases,
  normalizeOutput,
  runRxkube,
} from '../golden/golden-support.js';
import { cluster } from './cluster.js';

// The printing matrix against kube-apiserver 1.20: rxkube must print what kubectl 1.32.3 printed
// for the same objects (ages and generated values aside), every command of it.
const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';

/** What must agree between two Table answers: everything but ages, versions, uids, times. */
function tableShape(table: {
  columnDefinitions: unknown;
  rows: { cells: unknown[]; conditions?: unknown; object?: { kind?: string } }[];
  metadata: Record<string, unknown>;
  kind: string;
  apiVersion: string;
}) {
  return {
    kind: table.kind,
    apiVersion: table.apiVersion,
    metadataKeys: Object.keys(table.metadata),
    columnDefinitions: table.columnDefinitions,
    rows: table.rows.map((row) => ({
      cells: row.cells.map((cell) => (typeof cell === 'string' ? normalizeOutput(cell) : cell)),
      conditions: row.conditions,
      objectKind: row.object?.kind,
    })),
  };
}

describe('rxkube get against kube-apiserver prints what kubectl printed', () => {
  const { env } = cluster();
  let fake: FakeApiServer;
  let realSend: (method: string, path: string, body?: unknown, accept?: string) => Promise<unknown>;
  afterAll(() => fake?.close());

  beforeAll(async () => {
    const ca = await readFile(env.caFile);
    const token = (await readFile(env.tokenFile, 'utf8')).trim();
    const send = (method: string, path: string, body?: unknown, accept = 'application/json') =>
      new Promise<unknown>((resolve, reject) => {
        const req = request(
          new URL(path, env.server),
          {
            method,
            ca,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              accept,
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
    realSend = send;
    fake = await FakeApiServer.start();
    await createGoldenObjects(async (method, path, body) => {
      const response = await fetch(`${fake.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'user-agent': 'golden' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as unknown;
    }, fake);
  });

  // Fidelity of FakeApiServer's Tables: the same LIST, GET and page answered alike by both.
  for (const path of [
    '/api/v1/namespaces/golden/pods',
    '/api/v1/namespaces/golden/pods/done',
    '/api/v1/namespaces/golden/services',
    '/apis/apps/v1/namespaces/golden/deployments',
    '/apis/apps/v1/namespaces/golden/replicasets',
    '/api/v1/namespaces/golden/configmaps?limit=1',
    '/api/v1/namespaces/golden/secrets',
    '/api/v1/namespaces/golden',
    '/api/v1/nodes',
    '/api/v1/namespaces/golden/events',
    '/apis/coordination.k8s.io/v1/namespaces/golden/leases',
    '/apis/example.com/v1/namespaces/golden/widgets',
    '/api/v1/namespaces/golden/configmaps/empty?includeObject=Object',
    '/apis/coordination.k8s.io/v1/namespaces/golden/leases?includeObject=None',
  ]) {
    it(`FakeApiServer answers a Table for ${path} as kube-apiserver does`, async () => {
      const real = (await realSend('GET', path, undefined, TABLE_ACCEPT)) as never;
      const response = await fetch(`${fake.url}${path}`, { headers: { accept: TABLE_ACCEPT } });
      const ours = (await response.json()) as never;
      expect(tableShape(ours)).toEqual(tableShape(real));
    });
  }

  for (const golden of goldenCases) {
    it(`rxkube ${golden.args.join(' ')}`, async () => {
      const got = await runRxkube(golden.args, {
        KUBECONFIG: env.kubeconfig,
        HOME: '/nonexistent',
      });
      const ours = { ...got, stdout: withoutOtherSuitesRows(got.stdout, golden.stdout) };
      // Rows left out change the widths of the columns: then the padding is not compared.
      const layout = ours.stdout === got.stdout;
      const normalized = (o: { stdout: string; stderr: string; code: number }) => ({
        stdout: normalizeOutput(o.stdout, { layout }),
        stderr: normalizeOutput(o.stderr),
        code: o.code,
      });
      if (golden.id === 'unknown-output') {
        // rxkube lists its own formats (ndjson; no go-template): documented in the CLI README.
        expect(got.code).toBe(golden.code);
        return;
      }
      expect(normalized(ours)).toEqual(normalized(asRxkube(golden)));
    });
  }
});

/**
 * The cluster is shared with the other suites, whose objects show up in cluster-wide listings
 * (`-A`, CRDs) that kubectl printed before they existed. In a table, the rows of objects that the
 * golden output does not name (by NAMESPACE and NAME, or NAME; by the whole line in `-o name`)
 * are theirs and are left out; every golden row must still be there.
 */
function withoutOtherSuitesRows(stdout: string, golden: string): string {
  const lines = stdout.split('\n');
  // `-o name`: one `kind/name` a line, no header.
  if (lines.every((line) => line === '' || /^[a-z0-9.-]+\/\S+$/.test(line))) {
    const known = new Set(golden.split('\n'));
    return lines.filter((line) => line === '' || known.has(line)).join('\n');
  }
  const [header, ...rows] = lines;
  if (header === undefined || !/^(NAMESPACE|NAME)\s/.test(header)) return stdout;
  const identity = (row: string) =>
    row
      .trim()
      .split(/\s+/)
      .slice(0, header.startsWith('NAMESPACE') ? 2 : 1)
      .join(' ');
  const known = new Set(golden.split('\n').slice(1).map(identity));
  return [header, ...rows.filter((row) => row === '' || known.has(identity(row)))].join('\n');
}
