import { cliDefaults } from '../cli-defaults.js';

// Registered, so that a CliError from a part of the bundle built apart (the live table, the demo,
// the proxy, each with its own copy of this class) is still recognised: see isCliError.
const brand = Symbol.for('rxkube.cli.CliError');

/** How a {@link CliError} ends the command and what it says around its line. */
export interface CliErrorOptions {
  /** The exit code (default 1, kubectl's). */
  readonly exitCode?: number;
  /** Lines printed before the `error: …` line, as kubectl prints some (`You must specify …`). */
  readonly before?: readonly string[];
  /** Lines printed after it, as kubectl prints some (`See 'rxkube get --help' for usage.`). */
  readonly after?: readonly string[];
}

/** A failure the command reports as one line on stderr, e.g. a wrong flag or an unknown resource. */
export class CliError extends Error {
  readonly [brand] = true;
  readonly exitCode: number;
  /** Whether the line starts with `error: ` (kubectl's own failures) or is the server's own. */
  readonly prefixed: boolean = true;
  /** Lines printed before the error line. */
  readonly before: readonly string[];
  /** Lines printed after the error line. */
  readonly after: readonly string[];

  constructor(message: string, options: CliErrorOptions = {}) {
    super(message);
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? cliDefaults.exitFailure;
    this.before = options.before ?? [];
    this.after = options.after ?? [];
  }
}

/**
 * Whether `value` is a {@link CliError}, from this copy of the class or another one (the parts
 * of the `rxkube` bundle built apart have their own): `instanceof` sees only this one.
 */
export function isCliError(value: unknown): value is CliError {
  return typeof value === 'object' && value !== null && brand in value;
}
