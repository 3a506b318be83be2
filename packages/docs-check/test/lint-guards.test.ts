import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository's own Biome configuration, its plugin and its ignore file, copied with their
// layout into a scratch tree: the overrides and the plugin path are relative to biome.json.
// (Biome prints no diagnostics for code read from stdin, so the snippets are files.)
const root = new URL('../../..', import.meta.url).pathname;
const biome = createRequire(join(root, 'package.json')).resolve('@biomejs/biome/bin/biome');
const CONFIG_FILES = ['biome.json', '.gitignore', 'scripts/lint/no-index-assertion.grit'];

const INDEX_ASSERTION = 'export const first = (xs: number[]): number => xs[0]!;\n';
const MAP_ASSERTION =
  'export const get = (m: Map<string, number>, k: string): number => m.get(k)!;\n';
const CLEAN = [
  'export const get = (m: Map<string, number>, k: string): number => {',
  '  const value = m.get(k);',
  "  if (value === undefined) throw new Error('k is set first');",
  '  return value;',
  '};',
  'export const first = (xs: number[]): number => xs[0] ?? 0;',
  '',
].join('\n');

const SNIPPETS: Record<string, string> = {
  'packages/x/src/index-assertion.ts': INDEX_ASSERTION,
  'packages/x/src/map-assertion.ts': MAP_ASSERTION,
  'packages/x/src/clean.ts': CLEAN,
  'examples/x/src/map-assertion.ts': MAP_ASSERTION,
  'packages/x/test/index-assertion.test.ts': INDEX_ASSERTION,
  'packages/x/test/map-assertion.test.ts': MAP_ASSERTION,
  'scripts/index-assertion.ts': INDEX_ASSERTION,
};

const NON_NULL = 'lint/style/noNonNullAssertion';
const PLUGIN = 'plugin';

let tree: string;

/** Runs the repository's Biome on paths of the scratch tree: `path title` per diagnostic. */
function lint(...paths: string[]): { status: number | null; found: string[] } {
  const run = spawnSync(process.execPath, [biome, 'lint', '--reporter=github', ...paths], {
    cwd: tree,
    encoding: 'utf8',
  });
  const found = [...run.stdout.matchAll(/^::error title=([^,]+),file=([^,]+),/gm)].map(
    ([, title, file]) => `${file?.slice(tree.length + 1)} ${title}`,
  );
  return { status: run.status, found: found.sort() };
}

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'rxkube-lint-guards-'));
  for (const file of CONFIG_FILES) {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    copyFileSync(join(root, file), join(tree, file));
  }
  for (const [file, text] of Object.entries(SNIPPETS)) {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    writeFileSync(join(tree, file), text);
  }
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe("the repository's lint guards", () => {
  it('report `xs[i]!` anywhere, and any non-null assertion in library code only', () => {
    const { status, found } = lint('packages', 'examples', 'scripts');
    expect(found).toEqual([
      `examples/x/src/map-assertion.ts ${NON_NULL}`,
      `packages/x/src/index-assertion.ts ${NON_NULL}`,
      `packages/x/src/index-assertion.ts ${PLUGIN}`,
      `packages/x/src/map-assertion.ts ${NON_NULL}`,
      `packages/x/test/index-assertion.test.ts ${PLUGIN}`,
      `scripts/index-assertion.ts ${PLUGIN}`,
    ]);
    expect(status).toBe(1);
  });

  it('pass library code that checks its index and map accesses', () => {
    expect(lint('packages/x/src/clean.ts')).toEqual({ status: 0, found: [] });
  });
});
