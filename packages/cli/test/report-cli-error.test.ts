import { describe, expect, it } from 'vitest';
import type { CliIo } from '../src/cli-io.js';
import { CliError, isCliError } from '../src/internal/cli-error.js';
import { reportCliError } from '../src/internal/report-cli-error.js';

function capture(aborted = false): { io: CliIo; stderr: () => string } {
  let text = '';
  const controller = new AbortController();
  if (aborted) controller.abort('SIGTERM');
  const io = {
    stdout: { write: () => true },
    stderr: {
      write: (chunk: string) => {
        text += chunk;
        return true;
      },
    },
    env: {},
    signal: controller.signal,
  } as unknown as CliIo;
  return { io, stderr: () => text };
}

/**
 * A CliError as another copy of the class makes it: the live table, the demo and the proxy are
 * bundled apart from bin.cjs, each with its own CliError.
 */
const registeredBrand: unique symbol = Symbol.for('rxkube.cli.CliError');
class CopiedCliError extends Error {
  readonly [registeredBrand] = true;
  readonly prefixed = false;
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

describe('reportCliError', () => {
  it("writes a CliError whose line is the server's own whole, and returns its exit code", () => {
    const { io, stderr } = capture();
    const code = reportCliError(
      new CopiedCliError('Error from server (NotFound): x', 3),
      io,
      false,
    );
    expect(stderr()).toBe('Error from server (NotFound): x\n');
    expect(code).toBe(3);
  });

  it('prefixes other errors with "error: ", keeps their first line and escapes it', () => {
    const { io, stderr } = capture();
    const code = reportCliError(new Error('\nrefused\u001b[2J\nmore'), io, false);
    expect(stderr()).toBe('error: refused^[[2J\n');
    expect(code).toBe(1);
  });

  it('returns 143 without a word once the signal aborted with SIGTERM', () => {
    const { io, stderr } = capture(true);
    expect(reportCliError(new Error('stopped'), io, false)).toBe(143);
    expect(stderr()).toBe('');
  });
});

describe('isCliError', () => {
  it('recognises this copy of the class and other copies, and nothing else', () => {
    expect(isCliError(new CliError('x'))).toBe(true);
    expect(isCliError(new CopiedCliError('x', 1))).toBe(true);
    expect(new CopiedCliError('x', 1) instanceof CliError).toBe(false);
    expect(isCliError(new Error('x'))).toBe(false);
    expect(isCliError('x')).toBe(false);
    expect(isCliError(null)).toBe(false);
  });
});
