import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** RxJS exports that start a timer of their own (on `asyncScheduler` unless given another). */
const RXJS_TIMERS = new Set([
  'asyncScheduler',
  'auditTime',
  'bufferTime',
  'debounceTime',
  'delay',
  'delayWhen',
  'interval',
  'sampleTime',
  'throttleTime',
  'timeout',
  'timeoutWith',
  'timer',
  'windowTime',
]);

/** Global functions that hand a delay to the platform's timers. */
const GLOBAL_TIMERS = new Set(['setTimeout', 'setInterval']);

/** One place that starts a timer without `scheduleAfter`: file, line and what it calls. */
export interface RawTimer {
  readonly file: string;
  readonly line: number;
  readonly call: string;
}

/**
 * Every place in a source tree that hands a delay to a timer without going through
 * `@rxkube/core/time`: `setTimeout` and `setInterval` (also as `globalThis.…`), a scheduler's
 * `.schedule(…)`, `AbortSignal.timeout(…)`, and RxJS's timer operators and `asyncScheduler`.
 */
export function rawTimers(root: string, skip: (file: string) => boolean): RawTimer[] {
  const found: RawTimer[] = [];
  for (const path of sourceFiles(root)) {
    const file = relative(root, path);
    if (skip(file)) continue;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
    const at = (node: ts.Node, call: string) =>
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        call,
      });
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const from = node.moduleSpecifier.text;
        const named = node.importClause?.namedBindings;
        if ((from === 'rxjs' || from === 'rxjs/operators') && named && ts.isNamedImports(named)) {
          for (const element of named.elements) {
            const name = (element.propertyName ?? element.name).text;
            if (RXJS_TIMERS.has(name) && !element.isTypeOnly) at(element, `rxjs ${name}`);
          }
        }
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && GLOBAL_TIMERS.has(callee.text)) at(node, callee.text);
        if (ts.isPropertyAccessExpression(callee)) {
          const name = callee.name.text;
          const target = callee.expression.getText(source);
          if (GLOBAL_TIMERS.has(name) && /^(globalThis|window|self|global)$/.test(target))
            at(node, `${target}.${name}`);
          if (name === 'timeout' && target === 'AbortSignal') at(node, 'AbortSignal.timeout');
          if (name === 'schedule') at(node, `${target}.schedule`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
