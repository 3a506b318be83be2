import { describe, expect, it } from 'vitest';
import { extractCodeBlocks } from '../src/extract-code-blocks.js';
import { isCheckedBlock } from '../src/is-checked-block.js';

const fence = '```';

describe('extractCodeBlocks', () => {
  it('finds each fenced block with its language, flags and first code line', () => {
    const markdown = [
      '# Title', // 1
      '', // 2
      `${fence}ts`, // 3
      'const a = 1;', // 4
      fence, // 5
      'text', // 6
      `${fence}ts nocheck`, // 7
      'let b', // 8
      fence, // 9
      `${fence}sh`, // 10
      'pnpm test', // 11
      fence, // 12
    ].join('\n');
    expect(extractCodeBlocks(markdown)).toEqual([
      { language: 'ts', flags: [], code: 'const a = 1;', line: 4, prelude: '' },
      { language: 'ts', flags: ['nocheck'], code: 'let b', line: 8, prelude: '' },
      { language: 'sh', flags: [], code: 'pnpm test', line: 11, prelude: '' },
    ]);
  });

  it('attaches a prelude comment to the fence right after it, and only to that one', () => {
    const markdown = [
      '<!-- prelude',
      'declare const n: number;',
      '-->',
      '',
      `${fence}ts`,
      'n.toFixed();',
      fence,
      `${fence}ts`,
      'n;',
      fence,
    ].join('\n');
    const [first, second] = extractCodeBlocks(markdown);
    expect(first?.prelude).toBe('declare const n: number;');
    expect(second?.prelude).toBe('');
  });

  it('drops a prelude that is separated from the fence by prose', () => {
    const markdown = [
      '<!-- prelude',
      'declare const n: number;',
      '-->',
      'Prose.',
      `${fence}ts`,
      'n;',
      fence,
    ].join('\n');
    expect(extractCodeBlocks(markdown)[0]?.prelude).toBe('');
  });

  it('removes the indentation of a fence inside a list item', () => {
    const markdown = [
      '1. Step:',
      '',
      `   ${fence}ts`,
      '   if (x) {',
      '     y();',
      '   }',
      `   ${fence}`,
    ].join('\n');
    expect(extractCodeBlocks(markdown)[0]?.code).toBe('if (x) {\n  y();\n}');
  });

  it('keeps a shorter fence inside a longer one as code', () => {
    const markdown = ['````md', `${fence}ts`, 'x', fence, '````'].join('\n');
    expect(extractCodeBlocks(markdown)).toEqual([
      { language: 'md', flags: [], code: `${fence}ts\nx\n${fence}`, line: 2, prelude: '' },
    ]);
  });
});

describe('isCheckedBlock', () => {
  it('checks ts, typescript and tsx blocks unless flagged nocheck', () => {
    const block = { flags: [], code: '', line: 1, prelude: '' };
    expect(isCheckedBlock({ ...block, language: 'ts' })).toBe(true);
    expect(isCheckedBlock({ ...block, language: 'typescript' })).toBe(true);
    expect(isCheckedBlock({ ...block, language: 'tsx' })).toBe(true);
    expect(isCheckedBlock({ ...block, language: 'tsx', flags: ['nocheck'] })).toBe(false);
    expect(isCheckedBlock({ ...block, language: 'ts', flags: ['nocheck'] })).toBe(false);
    expect(isCheckedBlock({ ...block, language: 'text' })).toBe(false);
    expect(isCheckedBlock({ ...block, language: 'js' })).toBe(false);
  });
});
