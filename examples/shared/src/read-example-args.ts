import { messageOf } from './message-of.js';

/**
 * Reads the command line with `parse`: on an error prints it and `help` and exits with 2; on
 * `--help` prints `help` and exits with 0. Also makes the process stop quietly when stdout's
 * reader goes away (piped into `head`).
 *
 * @example
 * ```ts
 * import { parseExampleArgs } from './parse-example-args.js';
 * import { readExampleArgs } from './read-example-args.js';
 * const args = readExampleArgs(() => parseExampleArgs(process.argv.slice(2), process.env), 'usage: …');
 * ```
 */
export function readExampleArgs<A extends { readonly help: boolean }>(
  parse: () => A,
  help: string,
): A {
  process.stdout.on('error', () => process.exit(0));
  let args: A;
  try {
    args = parse();
  } catch (error) {
    process.stderr.write(`${messageOf(error)}\n\n${help}`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(help);
    process.exit(0);
  }
  return args;
}
