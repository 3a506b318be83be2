import { describe, expect, it } from 'vitest';
import { documentationFiles } from '../src/documentation-files.js';
import { extractCodeBlocks } from '../src/extract-code-blocks.js';
import { isCheckedBlock } from '../src/is-checked-block.js';
import { statedOutput } from '../src/stated-output.js';
import { runCodeBlock } from './support/run-code-block.js';

const root = new URL('../../..', import.meta.url).pathname;

/** Every block of the documentation that states what it prints, with what it states. */
const stating = documentationFiles(root).flatMap((file) =>
  extractCodeBlocks(file.markdown)
    .filter(isCheckedBlock)
    .flatMap((block) => {
      const expected = statedOutput(block.code);
      return expected === undefined ? [] : [{ at: `${file.path}:${block.line}`, block, expected }];
    }),
);

describe('the documentation', () => {
  it('has blocks that state their output in the README and the guides', () => {
    const at = stating.map((s) => s.at.split(':')[0]);
    expect(at).toContain('README.md');
    expect(at).toContain('docs/guides/testing.md');
    expect(at).toContain('docs/guides/writing-back.md');
  });

  // Run as their readers run them, against FakeApiServer: each prints what it says it prints.
  it.each(stating.map((s) => [s.at, s] as const))('%s prints what it states', async (at, s) => {
    const printed = await runCodeBlock(s.block, at, s.expected.length);
    expect(printed).toEqual(s.expected);
  });
});

describe('statedOutput', () => {
  it('reads // Output: comments and // → at the end of a line, in order', () => {
    const code = [
      "console.log('x'); // → x",
      '// Output:',
      '// a',
      '//',
      '// b',
      'more();',
      '// → not at the end of code, a comment',
      'f(); // a comment without the arrow',
    ].join('\n');
    expect(statedOutput(code)).toEqual(['x', 'a', '', 'b']);
    expect(statedOutput('f(); // 1 2')).toBeUndefined();
  });
});
