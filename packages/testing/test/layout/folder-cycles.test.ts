import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources, unitCycles, unitGraph } from '../../../core/test/layout/folder-graph.js';

const engineSources = fileURLToPath(new URL('../../src/internal', import.meta.url));

/**
 * The floors of the FakeApiServer engine (src/internal/), ground first: a file imports only from
 * its own folder or from a floor below it. Root files (`status.ts`, `defaults.ts`, …) and `json/`
 * are the ground; `router/` (the request dispatch) and `server/` (the server's own controls) are
 * the top. A new folder gets its floor here.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['defaults.ts', 'platform-timeout.ts', 'wait-for.ts', 'json/', 'profiles/'],
  ['status.ts', 'selectors/', 'fields/'],
  ['resources/'],
  ['store/'],
  ['kinds/', 'faults/'],
  ['streams/'],
  ['replicas/'],
  ['http/'],
  ['writes/', 'tables/'],
  ['reads/'],
  ['watch/'],
  ['router/'],
  ['server/'],
];

function floorOf(unit: string): number {
  const floor = FLOORS.findIndex((units) => units.includes(unit));
  if (floor === -1) throw new Error(`${unit} has no floor: add it to FLOORS`);
  return floor;
}

/** Whether `unit` is outside the engine (the package's public files above `src/internal/`). */
const outside = (unit: string) => unit.startsWith('../');

/** `from -> to (proof)` of every folder that imports from a floor above its own. */
function upwardImports(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  return [...graph].flatMap(([from, edges]) =>
    [...edges]
      .filter(([to]) => !outside(to) && floorOf(to) > floorOf(from))
      .map(([to, proof]) => `${from} -> ${to} (${proof})`),
  );
}

describe('the topic folders of the FakeApiServer engine (src/internal/)', () => {
  const graph = unitGraph(readSources(engineSources));

  it('import only from their own floor or below: no import goes back up', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('import each other without a cycle', () => {
    expect(unitCycles(graph)).toEqual([]);
  });

  it('each have a floor', () => {
    for (const unit of graph.keys()) expect(() => floorOf(unit)).not.toThrow();
  });
});

describe('the upward-import check', () => {
  it('names an import from a lower floor to a higher one', () => {
    const graph = unitGraph([
      { path: 'store/cluster.ts', text: "import { handle } from '../http/http-context.js';" },
      { path: 'http/http-context.ts', text: "import { Cluster } from '../store/cluster.js';" },
    ]);
    expect(upwardImports(graph)).toEqual([
      'store/ -> http/ (store/cluster.ts imports ../http/http-context.js)',
    ]);
  });
});
