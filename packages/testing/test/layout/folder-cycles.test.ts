import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources, unitCycles, unitGraph } from '../../../core/test/layout/folder-graph.js';

const engineSources = fileURLToPath(new URL('../../src/internal', import.meta.url));

/**
 * The imports that close the one cycle between the engine's topic folders today, by folder: the
 * folders grew from one file and still import each other. Nothing may join this cycle, and each
 * import that stops closing it comes off this list, until the cycle is gone and the list empty.
 */
const KNOWN_CYCLE: Readonly<Record<string, readonly string[]>> = {
  'faults/': ['http/', 'reads/', 'store/'],
  'fields/': ['resources/', 'store/'],
  'http/': [
    'faults/',
    'fields/',
    'reads/',
    'replicas/',
    'resources/',
    'store/',
    'tables/',
    'watch/',
    'writes/',
  ],
  'kinds/': ['resources/', 'store/'],
  'reads/': ['http/', 'resources/', 'store/', 'writes/'],
  'replicas/': ['store/', 'watch/'],
  'resources/': ['fields/', 'http/', 'kinds/', 'store/', 'writes/'],
  'store/': ['fields/', 'http/', 'reads/', 'resources/', 'writes/'],
  'tables/': ['http/', 'resources/'],
  'watch/': ['faults/', 'http/', 'reads/', 'resources/', 'store/', 'writes/'],
  'writes/': ['fields/', 'http/', 'resources/', 'store/'],
};

/** `from -> to` of each import that closes a cycle, without the file that proves it. */
function closingImports(cycle: readonly string[]): string[] {
  return cycle.map((edge) => edge.slice(0, edge.indexOf(' ('))).sort();
}

describe('the topic folders of the FakeApiServer engine (src/internal/)', () => {
  const cycles = unitCycles(unitGraph(readSources(engineSources)));

  it('add no import to the known cycle, and the list drops each import that left it', () => {
    const known = Object.entries(KNOWN_CYCLE)
      .flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`))
      .sort();
    expect(cycles.flatMap(closingImports).sort()).toEqual(known);
  });

  it('keep the root files and json/ out of every cycle', () => {
    const inCycles = new Set(cycles.flatMap(closingImports).map((edge) => edge.split(' -> ')[0]));
    for (const unit of ['json/', 'defaults.ts', 'wait-for.ts'])
      expect(inCycles.has(unit)).toBe(false);
  });
});
