import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources, unitCycles, unitGraph } from '../../../core/test/layout/folder-graph.js';

const nodeSources = fileURLToPath(new URL('../../src', import.meta.url));

describe('the folders of @rxkube/node', () => {
  it('import each other without a cycle', () => {
    expect(unitCycles(unitGraph(readSources(nodeSources)))).toEqual([]);
  });

  it('keep internal/ free of the folders and files built on it', () => {
    const graph = unitGraph(readSources(nodeSources));
    expect([...(graph.get('internal/')?.keys() ?? [])]).toEqual([]);
    expect(graph.get('undici-transport.ts')?.has('internal/')).toBe(true);
    expect(graph.get('connection/')?.has('kubeconfig/')).toBe(true);
    expect(graph.get('kubeconfig/')?.has('connection/')).toBe(false);
    expect(graph.get('auth/')?.has('connection/')).toBe(false);
  });
});
