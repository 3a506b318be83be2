/**
 * A script that exited unsuccessfully. The message is one line: the script, its arguments, and
 * its own last error line (`name: error: …`, else its last line of output), so a CI log says in
 * one line why the run failed.
 *
 * @example
 * ```ts
 * import { ScriptError } from '@rxkube/conformance';
 * const explain = (e: unknown) => (e instanceof ScriptError ? `${e.script}: ${e.detail}` : String(e));
 * ```
 */
export class ScriptError extends Error {
  override readonly name = 'ScriptError';
  /** The script's file name, e.g. `build.sh`. */
  readonly script: string;
  /** Its exit code, or the signal that ended it. */
  readonly exit: number | string;
  /** The script's own explanation (its last error line). */
  readonly detail: string;
  /** The last lines of its standard error. */
  readonly stderrTail: string;

  constructor(
    script: string,
    args: readonly string[],
    exit: number | string,
    detail: string,
    stderrTail: string,
  ) {
    const command = [script, ...args].join(' ');
    super(`${command} failed (${typeof exit === 'number' ? `exit ${exit}` : exit}): ${detail}`);
    this.script = script;
    this.exit = exit;
    this.detail = detail;
    this.stderrTail = stderrTail;
  }
}
