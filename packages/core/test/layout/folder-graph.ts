import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';

/** One source file: its path relative to the source root (`/`-separated) and its text. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** Every `.ts` file under `root`, with paths relative to it. */
export function readSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) {
        files.push({
          path: relative(root, path).split('\\').join('/'),
          text: readFileSync(path, 'utf8'),
        });
      }
    }
  };
  walk(root);
  return files;
}

/**
 * The unit a file belongs to: its top-level folder (`collection/internal/step.ts` is in
 * `collection/`), or the file itself when it sits at the root (root files are the package's base
 * types; each is its own unit, so a cycle through one is still seen). `index.ts`, the entry that
 * imports everything, belongs to no unit.
 */
export function unitOf(path: string): string | undefined {
  if (path === 'index.ts') return undefined;
  const slash = path.indexOf('/');
  return slash === -1 ? path : `${path.slice(0, slash)}/`;
}

/** Which units import which: `from -> to -> one import that proves it`. */
export function unitGraph(files: readonly SourceFile[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = unitOf(file.path);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const imported of ts.preProcessFile(file.text, true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = posix.normalize(
        posix.join(dirname(file.path), imported.fileName.replace(/\.js$/, '.ts')),
      );
      const to = unitOf(target);
      if (to === undefined || to === from || edges.has(to)) continue;
      edges.set(to, `${file.path} imports ${imported.fileName}`);
    }
  }
  return graph;
}

/**
 * The cycles between units (strongly connected components of more than one unit, Tarjan's
 * algorithm), each as the imports that close it, so that a failure says what to move.
 */
export function unitCycles(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (unit: string) => {
    index.set(unit, next);
    low.set(unit, next);
    next += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const to of graph.get(unit)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);
  return components.map((component) =>
    component.flatMap((from) =>
      [...(graph.get(from) ?? [])]
        .filter(([to]) => component.includes(to))
        .map(([to, proof]) => `${from} -> ${to} (${proof})`),
    ),
  );
}
