import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { ScriptError } from './script-error.js';

/** Options of {@link runScript}. */
export interface RunScriptOptions {
  /** The environment. Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Copy the script's standard error to ours as it runs, each line prefixed (e.g. for a long build). */
  readonly echo?: (line: string) => void;
}

/** What a successful script printed. */
export interface ScriptOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/** Lines of standard error kept for a {@link ScriptError}. */
const STDERR_TAIL_LINES = 15;

/**
 * Runs a bash script and resolves with its output; rejects with a {@link ScriptError} whose
 * message is one line naming the script and its own explanation: the last `…: error: …` line it
 * printed (the scripts' `ka_die` format), else its last line of standard error, else the exit
 * code.
 *
 * @example
 * ```ts
 * import { runScript } from '@rxkube/conformance';
 * const { stdout } = await runScript('scripts/kube-apiserver/build.sh', [], { echo: console.error });
 * ```
 */
export function runScript(
  script: string,
  args: readonly string[] = [],
  options: RunScriptOptions = {},
): Promise<ScriptOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script, ...args], {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (options.echo === undefined) return;
      partial += text;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.echo(line);
    });
    child.on('error', (error) => {
      reject(new ScriptError(basename(script), args, 'spawn', error.message, ''));
    });
    child.on('close', (code, signal) => {
      if (options.echo !== undefined && partial !== '') options.echo(partial);
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const lines = stderr.split('\n').filter((line) => line.trim() !== '');
      const errorLine = lines.findLast((line) => /: error: /.test(line));
      const detail =
        errorLine?.replace(/^.*?: error: /, '') ?? lines.at(-1) ?? 'no output on standard error';
      reject(
        new ScriptError(
          basename(script),
          args,
          code ?? signal ?? 'unknown',
          detail,
          lines.slice(-STDERR_TAIL_LINES).join('\n'),
        ),
      );
    });
  });
}
