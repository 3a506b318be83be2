import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources } from '../../../core/test/layout/folder-graph.js';

const sources = fileURLToPath(new URL('../../src', import.meta.url));

/** Small files with one job each: a file past this length has more than one to give away. */
const MAX_LINES = 450;

function longFiles(files: readonly { path: string; text: string }[]): string[] {
  return files
    .map((file) => ({ path: file.path, lines: file.text.split('\n').length - 1 }))
    .filter((file) => file.lines > MAX_LINES)
    .map((file) => `${file.path}: ${file.lines} lines`);
}

describe('the source files of @rxkube/testing', () => {
  it(`are ${MAX_LINES} lines long at the most`, () => {
    expect(longFiles(readSources(sources))).toEqual([]);
  });

  it('are counted as an editor counts lines (a long file is found)', () => {
    const long = { path: 'long.ts', text: 'x\n'.repeat(MAX_LINES + 1) };
    const fits = { path: 'fits.ts', text: 'x\n'.repeat(MAX_LINES) };
    expect(longFiles([long, fits])).toEqual([`long.ts: ${MAX_LINES + 1} lines`]);
  });
});
