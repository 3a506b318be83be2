import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../src/run-script.js';
import { ScriptError } from '../src/script-error.js';

let dir: string;
const script = async (name: string, body: string) => {
  const path = join(dir, name);
  await writeFile(path, `set -euo pipefail\n${body}\n`);
  return path;
};

describe('runScript', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-script-'));
  });

  it('resolves with what a successful script printed, passing arguments and environment', async () => {
    const path = await script('ok.sh', 'echo "KEY=$1 $GREETING"; echo progress >&2');
    const output = await runScript(path, ['value'], { env: { ...process.env, GREETING: 'hi' } });
    expect(output).toEqual({ stdout: 'KEY=value hi\n', stderr: 'progress\n' });
  });

  it("fails with the script's own last error line, in one line, as build.sh reports a missing Debian source", async () => {
    const path = await script(
      'build.sh',
      [
        'echo "build.sh: fetching" >&2',
        `echo "build.sh: error: Debian source package 'kubernetes' is not available (needs a deb-src entry)" >&2`,
        'echo "trailing noise" >&2',
        'exit 1',
      ].join('\n'),
    );
    const error = await runScript(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptError);
    const failure = error as ScriptError;
    expect(failure.message).toBe(
      "build.sh failed (exit 1): Debian source package 'kubernetes' is not available (needs a deb-src entry)",
    );
    expect(failure.message).not.toContain('\n');
    expect(failure.exit).toBe(1);
    expect(failure.stderrTail).toContain('trailing noise');
  });

  it('falls back to the last line of standard error, then to the exit code alone', async () => {
    const noisy = await script('noisy.sh', 'echo "first" >&2; echo "last words" >&2; exit 3');
    await expect(runScript(noisy, ['--x'])).rejects.toThrow(
      'noisy.sh --x failed (exit 3): last words',
    );
    const silent = await script('silent.sh', 'exit 4');
    await expect(runScript(silent)).rejects.toThrow(
      'silent.sh failed (exit 4): no output on standard error',
    );
  });

  it('echoes standard error line by line while the script runs', async () => {
    const path = await script('echo.sh', 'echo one >&2; echo two >&2; printf three >&2');
    const lines: string[] = [];
    await runScript(path, [], { echo: (line) => lines.push(line) });
    expect(lines).toEqual(['one', 'two', 'three']);
  });
});
