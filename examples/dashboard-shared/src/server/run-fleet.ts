import { parseArgs } from 'node:util';
import { FakeApiServer } from '@rxkube/testing';
import { commandLine } from './command-line.js';
import { seedFleet, startFleetChurn } from './fleet-seed.js';
import { runUntilSignal } from './run-until-signal.js';
import { startRxkubeProxy } from './rxkube-proxy.js';

/** Where `rxkube proxy --www` serves the dashboard. */
export const WWW_PREFIX = '/dashboard/';

/**
 * `pnpm fleet` of a dashboard: the fleet view (32 live collections) behind `rxkube proxy`, in
 * front of a seeded fake API server whose objects keep changing, until Ctrl-C. Command line:
 *
 *   --port N          the proxy's port (default 8001)
 *   --churn-ms N      how often an object changes (default 300)
 *
 * Open the page with `&mux=never` to see what plain fetch over HTTP/1.1 does to it.
 */
export async function runFleet(options: { appDir: string }): Promise<void> {
  const { values } = parseArgs({
    args: commandLine(),
    options: {
      port: { type: 'string', default: '8001' },
      'churn-ms': { type: 'string', default: '300' },
    },
  });

  const server = await FakeApiServer.start();
  const seeded = seedFleet(server);
  const stopChurn = startFleetChurn(server, { intervalMs: Number(values['churn-ms']) });
  const proxy = await startRxkubeProxy({
    server: server.url,
    port: Number(values.port),
    www: { dir: options.appDir, prefix: WWW_PREFIX },
    inherit: true,
  });

  console.log(
    `fake API server: ${server.url} (${seeded} objects, one changes every ${values['churn-ms']} ms)`,
  );
  console.log(`fleet view:      ${proxy.url}${WWW_PREFIX}?view=fleet&api=/`);
  console.log(`pod table:       ${proxy.url}${WWW_PREFIX}?api=/`);
  runUntilSignal(async () => {
    stopChurn();
    await proxy.kill();
    await server.close();
  });
}
