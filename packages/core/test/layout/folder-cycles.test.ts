import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources, unitCycles, unitGraph } from './folder-graph.js';

const coreSources = fileURLToPath(new URL('../../src', import.meta.url));

describe('the folders of @rxkube/core', () => {
  it('import each other without a cycle', () => {
    expect(unitCycles(unitGraph(readSources(coreSources)))).toEqual([]);
  });

  it('keep recovery free of collections and writes, which are built on it', () => {
    const graph = unitGraph(readSources(coreSources));
    const recovery = [...(graph.get('recovery/')?.keys() ?? [])];
    expect(recovery).not.toContain('collection/');
    expect(recovery).not.toContain('writes/');
    expect(recovery).not.toContain('operators/');
    expect(graph.get('collection/')?.has('recovery/')).toBe(true);
  });
});

describe('the cycle check', () => {
  it('finds a cycle between two folders and names the imports that close it', () => {
    const graph = unitGraph([
      { path: 'a/one.ts', text: "import { two } from '../b/two.js';" },
      { path: 'b/two.ts', text: "import type { One } from '../a/one.js';" },
      { path: 'c/three.ts', text: "import { two } from '../b/two.js';" },
    ]);
    expect(unitCycles(graph)).toEqual([
      ['a/ -> b/ (a/one.ts imports ../b/two.js)', 'b/ -> a/ (b/two.ts imports ../a/one.js)'],
    ]);
  });

  it('sees a cycle that passes through a file at the root, and ignores index.ts', () => {
    const graph = unitGraph([
      { path: 'index.ts', text: "export * from './a/one.js';" },
      { path: 'a/one.ts', text: "import { list } from '../list.js';" },
      { path: 'list.ts', text: "import { one } from './a/internal/helper.js';" },
      { path: 'a/internal/helper.ts', text: 'export const one = 1;' },
    ]);
    expect(unitCycles(graph)).toEqual([
      [
        'a/ -> list.ts (a/one.ts imports ../list.js)',
        'list.ts -> a/ (list.ts imports ./a/internal/helper.js)',
      ],
    ]);
  });

  it('finds no cycle where imports go one way', () => {
    const graph = unitGraph([
      { path: 'a/one.ts', text: "import { two } from '../b/two.js';" },
      { path: 'b/two.ts', text: "import { three } from '../c/three.js';" },
      { path: 'c/three.ts', text: 'export const three = 3;' },
    ]);
    expect(unitCycles(graph)).toEqual([]);
  });
});
