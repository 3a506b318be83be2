import { cliDefaults } from '../cli-defaults.js';

/** 130 after Ctrl-C (any abort reason but `'SIGTERM'`), 143 after SIGTERM. */
export function interruptedExitCode(signal: AbortSignal): number {
  return signal.reason === 'SIGTERM' ? cliDefaults.exitTerminated : cliDefaults.exitInterrupted;
}
