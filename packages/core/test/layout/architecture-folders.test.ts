import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources, unitGraph } from './folder-graph.js';

/**
 * docs/architecture.md's table of the folders of `@rxkube/core` says what each folder holds and
 * which folders it builds on. It is read by people finding their way in, so it must not drift:
 * every folder has its row, and each row names exactly the folders its files import.
 */

const coreSources = fileURLToPath(new URL('../../src', import.meta.url));
const architecture = readFileSync(
  fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url)),
  'utf8',
);

/** The rows of the folder table: folder → the folders its "builds on" cell names. */
function documentedFolders(markdown: string): Map<string, string[]> {
  const start = markdown.indexOf('| folder | holds | builds on |');
  if (start < 0) throw new Error('docs/architecture.md has no folder table');
  const rows = new Map<string, string[]>();
  for (const line of markdown.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split(' | ');
    const folder = /^\| `([a-z-]+\/)`$/.exec(cells[0] ?? '')?.[1];
    if (folder === undefined) throw new Error(`not a folder row: ${line}`);
    const buildsOn = cells.at(-1) ?? '';
    rows.set(folder, [...buildsOn.matchAll(/`([a-z-]+\/)`/g)].map((m) => m[1] ?? '').sort());
  }
  return rows;
}

describe('docs/architecture.md', () => {
  const documented = documentedFolders(architecture);

  it('has a row for every folder of core/src', () => {
    const folders = readdirSync(coreSources, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.name}/`);
    expect([...documented.keys()].sort()).toEqual(folders.sort());
  });

  it('names, for each folder, exactly the folders it imports', () => {
    const graph = unitGraph(readSources(coreSources));
    const imported = new Map(
      [...documented.keys()].map((folder) => [
        folder,
        [...(graph.get(folder)?.keys() ?? [])].filter((to) => to.endsWith('/')).sort(),
      ]),
    );
    expect(documented).toEqual(imported);
  });
});
