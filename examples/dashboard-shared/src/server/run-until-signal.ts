/**
 * Keeps the process running until Ctrl-C (SIGINT) or SIGTERM, then runs `stop` and exits. The
 * servers it keeps are unref'd (so that tests can reuse them without hanging): this holds the
 * process open instead.
 */
export function runUntilSignal(stop: () => Promise<void>): void {
  console.log('Ctrl-C to stop.');
  const end = async () => {
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  setInterval(() => {}, 1 << 30);
}
