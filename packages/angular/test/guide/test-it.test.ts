import { TestBed } from '@angular/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guideSnippet } from './guide-snippet.js';

/**
 * The guide's "Test it" snippet, run as a user's test file would be: in plain Node, with no setup
 * file (this project has none), so nothing but what the snippet imports prepares Angular's test
 * environment. What it logs is what its `// …` comments say.
 */

afterEach(() => {
  TestBed.resetTestingModule();
  vi.restoreAllMocks();
});

/** `console.log(x); // expected` lines of the snippet: the outputs it promises, in order. */
function promisedOutputs(snippet: string): string[] {
  return [...snippet.matchAll(/^console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((m) => m[1] ?? '');
}

describe('the Angular guide: Test it', () => {
  it('runs as written under vitest in Node, without a setup file, and logs what it says', async () => {
    const promised = promisedOutputs(guideSnippet('Test it'));
    expect(promised).toEqual(['1']);
    const logged: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
      logged.push(values.map(String).join(' '));
    });
    await import('angular-guide:Test it');
    expect(logged).toEqual(promised);
  });
});
