/** A line that opens a stated output: `// Output:`, the lines after it saying what is printed. */
const OUTPUT_OPEN = /^\s*\/\/\s*Output:\s*$/;
/** A comment line inside a stated output: `// text`, or `//` for an empty line. */
const OUTPUT_LINE = /^\s*\/\/(?: (.*))?$/;
/** A line of code that states what it prints at its end: `console.log(n); // → 2`. */
const ARROW = /\/\/ → (.*)$/;

/**
 * What a block of code states that it prints, line by line, or `undefined` when it states
 * nothing: the lines of each `// Output:` comment (one `// line` each, RxJS's convention) and the
 * text after `// → ` at the end of a line of code (`console.log(n); // → 2`), in the order of the
 * code. docs-check runs every block that states an output and compares what it prints.
 *
 * @example
 * ```ts
 * import { statedOutput } from './stated-output.js';
 * statedOutput("console.log(1 + 1); // → 2\n// Output:\n// a\n// b\nconsole.log('a\\nb');");
 * // ['2', 'a', 'b']
 * ```
 */
export function statedOutput(code: string): string[] | undefined {
  const lines: string[] = [];
  let inOutput = false;
  let stated = false;
  for (const line of code.split('\n')) {
    if (inOutput) {
      const comment = OUTPUT_LINE.exec(line);
      if (comment !== null) {
        lines.push(comment[1] ?? '');
        continue;
      }
      inOutput = false;
    }
    if (OUTPUT_OPEN.test(line)) {
      inOutput = true;
      stated = true;
      continue;
    }
    const arrow = ARROW.exec(line);
    if (arrow !== null && !/^\s*\/\//.test(line)) {
      lines.push(arrow[1] ?? '');
      stated = true;
    }
  }
  return stated ? lines : undefined;
}
