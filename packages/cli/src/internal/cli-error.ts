import { cliDefaults } from '../cli-defaults.js';

// Registered, so that a CliError from a part of the bundle built apart (the live table, the demo,
// the proxy, each with its own copy of this class) is still recognised: see isCliError.
const brand = Symbol.for('rxkube.cli.CliError');

/** A failure the command reports as one line on stderr, e.g. a wrong flag or an unknown resource. */
export class CliError extends Error {
  readonly [brand] = true;
  readonly exitCode: number;
  /** Whether the line starts with `error: ` (kubectl's own failures) or is the server's own. */
  readonly prefixed: boolean = true;

  constructor(message: string, exitCode: number = cliDefaults.exitFailure) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/**
 * Whether `value` is a {@link CliError}, from this copy of the class or another one (the parts
 * of the `rxkube` bundle built apart have their own): `instanceof` sees only this one.
 */
export function isCliError(value: unknown): value is CliError {
  return typeof value === 'object' && value !== null && brand in value;
}
