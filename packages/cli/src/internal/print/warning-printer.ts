import type { WarningHandler } from '@rxkube/core/transport';
import type { CliOutput } from '../../cli-io.js';
import { createPalette } from '../render/palette.js';
import { escapeLine } from './escape-terminal.js';

/**
 * Prints the API server's warnings as kubectl does (client-go rest `warningWriter`, deduplicated,
 * as `kubectl` configures it): `Warning: <text>` on its own line, each text once per command,
 * code 299 only, `Warning:` in bold yellow on a terminal (not `TERM=dumb`, not `NO_COLOR`). The
 * text is the server's: escaped for the terminal.
 */
export function warningPrinter(
  out: CliOutput,
  env: Readonly<Record<string, string | undefined>>,
): WarningHandler {
  const palette = createPalette(out.isTTY === true && env.TERM !== 'dumb', env);
  const label = palette.bold(palette.yellow('Warning:'));
  const printed = new Set<string>();
  return (warning) => {
    if (warning.code !== 299 || warning.text === '' || printed.has(warning.text)) return;
    printed.add(warning.text);
    out.write(`${label} ${escapeLine(warning.text)}\n`);
  };
}
