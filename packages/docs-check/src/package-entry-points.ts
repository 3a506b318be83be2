import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry point of a package: the specifier users import and the source file behind it. */
export interface PackageEntryPoint {
  /** `@rxkube/core`, `@rxkube/core/transport`, … */
  readonly specifier: string;
  /** The source file, relative to the package folder: `src/index.ts`, `src/transport/index.ts`. */
  readonly source: string;
}

/**
 * The entry points of the package in `packageDir`, read from its `exports` map: each subpath
 * whose `types` is `./dist/x.d.ts` is backed by `src/x.ts`. Subpaths without types (`null`
 * blocks, `./package.json`) are left out; a package without an exports map has none.
 *
 * @example
 * ```ts
 * import { packageEntryPoints } from './package-entry-points.js';
 * packageEntryPoints('/path/to/rxkube/packages/core');
 * // [{ specifier: '@rxkube/core', source: 'src/index.ts' },
 * //  { specifier: '@rxkube/core/transport', source: 'src/transport/index.ts' }]
 * ```
 */
export function packageEntryPoints(packageDir: string): PackageEntryPoint[] {
  const manifestPath = join(packageDir, 'package.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    name?: string;
    exports?: Record<string, unknown>;
  };
  if (manifest.name === undefined || manifest.exports === undefined) return [];
  const entries: PackageEntryPoint[] = [];
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const types =
      typeof target === 'object' && target !== null
        ? (target as { types?: unknown }).types
        : undefined;
    if (typeof types !== 'string' || !types.startsWith('./dist/')) continue;
    const source = `src/${types.slice('./dist/'.length).replace(/\.d\.ts$/, '.ts')}`;
    const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    entries.push({ specifier, source });
  }
  return entries;
}
