import '@angular/compiler';
import { getTestBed } from '@angular/core/testing';
import { BrowserTestingModule, platformBrowserTesting } from '@angular/platform-browser/testing';
import { NoDomTestingModule } from './internal/no-dom-testing-module.js';

/**
 * Initialises Angular's `TestBed` environment once, as Angular CLI's test builders do before any
 * test, so that a test run by plain `vitest` or `node --test` can use `TestBed`: the JIT compiler
 * and the browser testing platform, with Angular's `BrowserTestingModule` where there is a DOM
 * (jsdom, a browser) and the same module without its DOM renderer in plain Node (providers,
 * injection contexts and signals work; templates are not rendered). Does nothing when an
 * environment is initialised already (by Angular CLI, or by an earlier call).
 * `provideFakeRxKube` calls it.
 *
 * @example
 * ```ts
 * // vitest.setup.ts, named in `setupFiles`
 * import { ensureTestEnvironment } from '@rxkube/angular/testing';
 * ensureTestEnvironment();
 * ```
 */
export function ensureTestEnvironment(): void {
  const testBed = getTestBed();
  if ((testBed.platform as unknown) != null) return;
  const hasDom = (globalThis as { document?: unknown }).document !== undefined;
  testBed.initTestEnvironment(
    hasDom ? BrowserTestingModule : NoDomTestingModule,
    platformBrowserTesting(),
    { teardown: { destroyAfterEach: true } },
  );
}
