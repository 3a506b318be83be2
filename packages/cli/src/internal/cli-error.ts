import { cliDefaults } from '../cli-defaults.js';

/** A failure the command reports as one line on stderr, e.g. a wrong flag or an unknown resource. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode: number = cliDefaults.exitFailure) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
