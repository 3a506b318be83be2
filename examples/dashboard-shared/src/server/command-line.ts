/**
 * The arguments of the command (`process.argv` after the script), without the `--` that
 * `pnpm <script> -- --port 8002` passes along.
 */
export function commandLine(argv: readonly string[] = process.argv): string[] {
  const args = argv.slice(2);
  return args[0] === '--' ? args.slice(1) : args;
}
