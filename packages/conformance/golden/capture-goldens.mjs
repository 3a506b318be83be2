#!/usr/bin/env node
// Captures the printing matrix from kubectl against a real kube-apiserver 1.20.
//
//   RXKUBE_RUN_DIR=... node capture-goldens.mjs seed      # seed-objects -> objects.json (defaulted)
//   RXKUBE_RUN_DIR=... node capture-goldens.mjs matrix [KUBECTL]   # objects.json -> kubectl.json
//
// `seed` creates the seed objects and reads back what defaulting made of them; `matrix` (on a
// fresh cluster) creates exactly those objects and records kubectl's stdout, stderr and exit code
// for every command of matrix.json. kubectl is the pinned 1.32.3 of scripts/kubectl/fetch.sh
// unless KUBECTL names another: what users run today, against the 1.20 server.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const runDir = process.env.RXKUBE_RUN_DIR;
const env = Object.fromEntries(
  readFileSync(join(runDir, 'env'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
const ca = readFileSync(env.RXKUBE_CA_FILE);
const token = readFileSync(env.RXKUBE_TOKEN_FILE, 'utf8').trim();

function call(method, path, body) {
  const url = new URL(path, env.RXKUBE_SERVER);
  if (method !== 'GET') url.searchParams.set('fieldManager', 'golden');
  return new Promise((resolve, reject) => {
    const req = request(
      url,
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
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          res.statusCode < 300
            ? resolve(JSON.parse(text))
            : reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const itemPath = (entry) => `${entry.path}/${entry.object.metadata.name}`;

async function create(entries) {
  for (const entry of entries) {
    await call('POST', entry.path, entry.object);
    if (entry.object.kind === 'CustomResourceDefinition') {
      for (let i = 0; i < 100; i++) {
        const crd = await call('GET', itemPath(entry));
        if (crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True'))
          break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 1500));
    }
    if (entry.status !== undefined) {
      const current = await call('GET', itemPath(entry));
      await call('PUT', `${itemPath(entry)}/status`, { ...current, status: entry.status });
    }
  }
}

const mode = process.argv[2];
if (mode === 'seed') {
  const { seedObjects } = await import('./seed-objects.mjs');
  await create(seedObjects);
  const objects = [];
  for (const entry of seedObjects) {
    const read = await call('GET', itemPath(entry));
    const {
      uid,
      resourceVersion,
      creationTimestamp,
      managedFields,
      generation,
      selfLink,
      ...metadata
    } = read.metadata;
    const object = { ...read, metadata };
    if (entry.status !== undefined || read.kind === 'CustomResourceDefinition')
      delete object.status;
    // The status as stored (with the server's defaults), so that writing it again changes nothing.
    const status = entry.status === undefined ? undefined : read.status;
    objects.push({ path: entry.path, object, ...(status === undefined ? {} : { status }) });
  }
  writeFileSync(join(here, 'objects.json'), `${JSON.stringify(objects, null, 2)}\n`);
} else if (mode === 'matrix') {
  const kubectl =
    process.argv.slice(3).find((arg) => arg !== '--no-create') ??
    /^KUBECTL=(.*)$/m.exec(
      spawnSync('bash', [join(here, '../../../scripts/kubectl/fetch.sh')], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }).stdout,
    )?.[1];
  if (kubectl === undefined) throw new Error('scripts/kubectl/fetch.sh found no kubectl');
  const objects = JSON.parse(readFileSync(join(here, 'objects.json'), 'utf8'));
  if (!process.argv.includes('--no-create')) await create(objects);
  const matrix = JSON.parse(readFileSync(join(here, 'matrix.json'), 'utf8'));
  const out = {};
  for (const { id, args } of matrix) {
    const run = spawnSync(kubectl, args, {
      cwd: here,
      env: { ...process.env, KUBECONFIG: env.RXKUBE_KUBECONFIG, HOME: '/nonexistent' },
      encoding: 'utf8',
    });
    const { stdout, stderr } = run;
    const code = run.status;
    out[id] = { args, stdout, stderr, code };
    process.stderr.write(`${id}: ${code}\n`);
  }
  writeFileSync(join(here, 'kubectl.json'), `${JSON.stringify(out, null, 2)}\n`);
}
