import ts from 'typescript';
import type { Plugin } from 'vite';
import { guidePath, guideSnippet } from './guide-snippet.js';

const PREFIX = 'angular-guide:';

/**
 * Serves a section's snippet of the Angular guide as a module: `import('angular-guide:Test it')`
 * runs the first ts block of `## Test it`, as written (compiled from TypeScript, nothing added).
 * Bare imports in it resolve from this package, as a user's test resolves them from theirs.
 */
export function guideSnippetPlugin(): Plugin {
  return {
    name: 'angular-guide-snippets',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      this.addWatchFile(guidePath);
      const source = guideSnippet(id.slice(PREFIX.length + 1));
      return ts.transpileModule(source, {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      }).outputText;
    },
  };
}
