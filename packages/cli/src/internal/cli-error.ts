import { cliDefaults } from '../cli-defaults.js';

/** A failure the command reports as one line on stderr, e.g. a wrong flag or an unknown resource. */
export class CliError extends Error {
  readonly exitCode: number;
  /** Whether the line starts with `error: ` (kubectl's own failures) or is the server's own. */
  readonly prefixed: boolean = true;

  constructor(message: string, exitCode: number = cliDefaults.exitFailure) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
