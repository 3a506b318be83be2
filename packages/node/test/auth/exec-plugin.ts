import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The source of a credential plugin: it counts its runs and answers what `response` holds. */
const PLUGIN = `
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
const [countFile, responseFile, infoFile] = process.argv.slice(2);
appendFileSync(countFile, 'run\\n');
writeFileSync(infoFile, JSON.stringify({
  info: JSON.parse(process.env.KUBERNETES_EXEC_INFO ?? 'null'),
  extra: process.env.EXTRA_VAR ?? null,
  inherited: process.env.INHERITED_VAR ?? null,
}));
const response = readFileSync(responseFile, 'utf8');
if (response.startsWith('EXIT:')) {
  process.stdout.write('{"status":{"token":"leaked-by-a-failing-plugin"}}');
  process.exit(Number(response.slice(5)));
}
process.stdout.write(response);
`;

/** A credential plugin in a folder: a node script, its answer, and what it saw. */
export interface ExecPlugin {
  /** `command` and `args` for a kubeconfig `exec` section. */
  readonly command: string;
  readonly args: readonly string[];
  /** Sets what the next runs print. */
  respond(credential: unknown): void;
  /** Makes the next runs fail with this exit code (after printing a token-like line). */
  failWith(code: number): void;
  /** How often the plugin ran. */
  runs(): number;
  /** What the last run saw: KUBERNETES_EXEC_INFO, EXTRA_VAR, INHERITED_VAR. */
  lastSeen(): { info: unknown; extra: string | null; inherited: string | null };
}

export function writeExecPlugin(dir: string): ExecPlugin {
  const script = join(dir, 'plugin.mjs');
  const count = join(dir, 'runs.log');
  const response = join(dir, 'response.json');
  const info = join(dir, 'seen.json');
  writeFileSync(script, PLUGIN);
  writeFileSync(count, '');
  writeFileSync(response, '{}');
  return {
    command: process.execPath,
    args: [script, count, response, info],
    respond: (credential) => writeFileSync(response, JSON.stringify(credential)),
    failWith: (code) => writeFileSync(response, `EXIT:${code}`),
    runs: () => readFileSync(count, 'utf8').split('\n').filter(Boolean).length,
    lastSeen: () => JSON.parse(readFileSync(info, 'utf8')),
  };
}

/** An ExecCredential answer. */
export function execCredential(
  status: Record<string, unknown>,
  apiVersion = 'client.authentication.k8s.io/v1',
): unknown {
  return { kind: 'ExecCredential', apiVersion, status };
}
