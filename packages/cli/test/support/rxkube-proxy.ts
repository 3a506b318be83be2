import { InProcessRun } from './in-process.js';

/** `rxkube proxy` run in this process in front of `serverUrl`, until `close()`. */
export interface RunningProxy {
  /** The proxy's URL with its API prefix, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  readonly run: InProcessRun;
  close(): Promise<void>;
}

/** Starts `rxkube proxy --server=<serverUrl> --port=0 …` and waits for its first line. */
export async function startRxkubeProxy(
  serverUrl: string,
  args: readonly string[] = [],
): Promise<RunningProxy> {
  const run = new InProcessRun(['proxy', `--server=${serverUrl}`, '--port=0', ...args]);
  await run.waitForStdout((stdout) => /Starting to serve on .*:\d+\n/.test(stdout));
  const port = Number(/Starting to serve on .*:(\d+)\n/.exec(run.stdout)?.[1]);
  const prefix = args.find((arg) => arg.startsWith('--api-prefix='))?.slice('--api-prefix='.length);
  const path = prefix === undefined ? '' : `/${prefix.replace(/^\/+|\/+$/g, '')}`;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    run,
    async close() {
      run.interrupt();
      await run.exited;
    },
  };
}
