import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '@rxkube/cli';
import type { FakeApiServer, FakePrinterColumn } from '@rxkube/testing';

/** The directory of the committed goldens: objects, matrix, kubectl's answers. */
export const goldenDir = fileURLToPath(new URL('../../golden/', import.meta.url));

/** One object of the matrix's cluster: where it is created, and the status written after. */
export interface GoldenObject {
  readonly path: string;
  readonly object: {
    readonly kind: string;
    readonly metadata: { readonly name: string };
    readonly spec?: Record<string, unknown>;
  } & Record<string, unknown>;
  readonly status?: unknown;
}

/** What one command printed and returned. */
export interface CommandOutput {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

/** One command of the matrix with kubectl's answer. */
export interface GoldenCase extends CommandOutput {
  readonly id: string;
  readonly args: readonly string[];
}

export const goldenObjects: readonly GoldenObject[] = JSON.parse(
  readFileSync(join(goldenDir, 'objects.json'), 'utf8'),
);

/**
 * Every command of the matrix with what kubectl 1.32.3 (Debian trixie's, fetched by
 * `scripts/kubectl/fetch.sh`) printed against kube-apiserver 1.20.2.
 */
export const goldenCases: readonly GoldenCase[] = Object.entries(
  JSON.parse(readFileSync(join(goldenDir, 'kubectl.json'), 'utf8')) as Record<
    string,
    Omit<GoldenCase, 'id'>
  >,
).map(([id, value]) => ({ id, ...value }));

const AGE = /(?<=^|\s)(?:\d+y\d+d|\d+d\d+h|\d+h\d+m|\d+m\d+s|\d+[smhdy]|<unknown>)(?=\s|$)/gm;
/** An age, or the AGE header above ages, and the padding after it (which the ages' widths set). */
const AGE_PADDED = /(?<=^|\s)(<age>|AGE) +(?=\S)/gm;
const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g;
const GENERATED_JSON = /("(?:uid|resourceVersion)": )"[^"]*"/g;
const GENERATED_YAML = /^(\s*-?\s*(?:uid|resourceVersion): ).*$/gm;

/**
 * What may differ between two runs of the same command on the same objects: ages (and the
 * padding after them, which their widths set), timestamps, uids and resource versions.
 * Everything else must match, the padding of every other column included; with
 * `{ layout: false }` runs of spaces are not compared either (for tables some of whose rows were
 * left out).
 */
export function normalizeOutput(text: string, { layout = true } = {}): string {
  const normalized = text
    .replace(TIME, '<time>')
    .replace(GENERATED_JSON, '$1"<generated>"')
    .replace(GENERATED_YAML, '$1<generated>')
    .replace(AGE, '<age>')
    .replace(AGE_PADDED, '$1  ');
  return layout ? normalized : normalized.replace(/ {2,}/g, '  ');
}

/**
 * kubectl's output as rxkube words it: the lines where kubectl names itself (`See 'kubectl get
 * --help' for usage.`, `unknown command "x" for "kubectl"`) name rxkube.
 */
export function asRxkube(output: CommandOutput): CommandOutput {
  const rename = (text: string) =>
    text
      .replace(/'kubectl (?=[a-z-]+ --help'|--help')/g, "'rxkube ")
      .replace(/ for "kubectl"/g, ' for "rxkube"');
  return { ...output, stdout: rename(output.stdout), stderr: rename(output.stderr) };
}

/** Runs `rxkube` in this process with the arguments, as a terminal-less pipe would. */
export async function runRxkube(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = goldenDir,
): Promise<CommandOutput> {
  const collect = () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    return { stream, text: () => text };
  };
  const stdout = collect();
  const stderr = collect();
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const code = await runCli(args, {
      stdout: stdout.stream as never,
      stderr: stderr.stream as never,
      env,
      signal: new AbortController().signal,
    });
    await new Promise((resolve) => setImmediate(resolve));
    return { stdout: stdout.text(), stderr: stderr.text(), code };
  } finally {
    process.chdir(before);
  }
}

/** A kubeconfig file for a server (token optional, plain HTTP or a CA file). */
export async function kubeconfigFile(
  server: string,
  token?: string,
  caFile?: string,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rxkube-golden-'));
  const path = join(dir, 'kubeconfig');
  await writeFile(
    path,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        { name: 'c', cluster: { server, ...(caFile ? { 'certificate-authority': caFile } : {}) } },
      ],
      users: [{ name: 'u', user: token ? { token } : {} }],
      contexts: [{ name: 'ctx', context: { cluster: 'c', user: 'u' } }],
      'current-context': 'ctx',
    }),
  );
  return path;
}

type Send = (method: 'POST' | 'PUT' | 'GET', path: string, body?: unknown) => Promise<unknown>;

/**
 * Creates the matrix's objects through the API, as the capture script did on kube-apiserver:
 * POST each object, then PUT its status; a CRD is used once established and served. On
 * FakeApiServer, the kinds it does not build in are registered first as kube-apiserver 1.20
 * serves them.
 */
export async function createGoldenObjects(send: Send, fake?: FakeApiServer): Promise<void> {
  if (fake) registerGoldenKinds(fake);
  for (const entry of goldenObjects) {
    if (entry.object.kind === 'CustomResourceDefinition') {
      await createCrd(send, entry);
      continue;
    }
    await send('POST', `${entry.path}?fieldManager=golden`, entry.object);
    if (entry.status !== undefined) {
      const itemPath = `${entry.path}/${entry.object.metadata.name}`;
      const current = (await send('GET', itemPath)) as Record<string, unknown>;
      await send('PUT', `${itemPath}/status?fieldManager=golden`, {
        ...current,
        status: entry.status,
      });
    }
  }
}

/** A CRD on kube-apiserver, once it is established and its resource served. */
async function createCrd(send: Send, entry: GoldenObject): Promise<void> {
  await send('POST', entry.path, entry.object);
  const itemPath = `${entry.path}/${entry.object.metadata.name}`;
  const spec = entry.object.spec as unknown as CrdSpec;
  const [version] = spec.versions;
  if (version === undefined) {
    throw new Error(`the CRD ${entry.object.metadata.name} has no version`);
  }
  const served = `/apis/${spec.group}/${version.name}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    const crd = (await send('GET', itemPath)) as {
      status?: { conditions?: { type: string; status: string }[] };
    };
    const established = crd.status?.conditions?.some(
      (c) => c.type === 'Established' && c.status === 'True',
    );
    if (established) {
      try {
        const list = (await send('GET', served)) as { resources?: { name: string }[] };
        if (list.resources?.some((r) => r.name === spec.names.plural)) return;
      } catch {
        // not served yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${entry.object.metadata.name} was not established`);
}

function registerGoldenKinds(fake: FakeApiServer): void {
  fake.registerResource({
    group: 'apps',
    version: 'v1',
    resource: 'replicasets',
    kind: 'ReplicaSet',
    shortNames: ['rs'],
    categories: ['all'],
    statusSubresource: true,
  });
  fake.registerResource({ version: 'v1', resource: 'secrets', kind: 'Secret', generation: false });
}

interface CrdSpec {
  readonly group: string;
  readonly scope: string;
  readonly names: {
    plural: string;
    singular: string;
    kind: string;
    listKind: string;
    shortNames?: string[];
    categories?: string[];
  };
  readonly versions: readonly {
    name: string;
    subresources?: { status?: unknown };
    additionalPrinterColumns?: FakePrinterColumn[];
  }[];
}
