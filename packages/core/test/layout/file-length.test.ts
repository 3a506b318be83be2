import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/** A source file longer than this has more than one job: split it by what it exports. */
const MAX_LINES = 450;

const packagesDir = fileURLToPath(new URL('../../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it.each(['core', 'node', 'cli', 'angular', 'react'])(
  `@rxkube/%s has no source file over ${MAX_LINES} lines`,
  (name) => {
    const files = sources(join(packagesDir, name, 'src'));
    expect(files.length).toBeGreaterThan(10);
    const long = files
      .map((file) => ({
        file: relative(packagesDir, file),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  },
);
