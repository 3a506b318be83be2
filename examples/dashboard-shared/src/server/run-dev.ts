import { parseArgs } from 'node:util';
import { FakeApiServer } from '@rxkube/testing';
import { commandLine } from './command-line.js';
import { runUntilSignal } from './run-until-signal.js';
import { seedCluster, startChurn } from './seed.js';
import { serveStatic } from './static-server.js';

/** The API port the dashboards' built-in default address (`environment`) points at. */
const DEFAULT_API_PORT = '8090';

/**
 * `pnpm dev` of a dashboard: serves its build next to a seeded fake API server whose pods keep
 * changing, until Ctrl-C. Command line:
 *
 *   --port N          the app's port (default `defaultPort`)
 *   --api-port N      the fake API server's port (default 8090)
 *   --churn-ms N      how often a pod changes (default 800)
 *   --same-origin     the app server also forwards /api and /apis (like kubectl proxy --www)
 */
export async function runDev(options: { appDir: string; defaultPort: number }): Promise<void> {
  const { values } = parseArgs({
    args: commandLine(),
    options: {
      port: { type: 'string', default: String(options.defaultPort) },
      'api-port': { type: 'string', default: DEFAULT_API_PORT },
      'churn-ms': { type: 'string', default: '800' },
      'same-origin': { type: 'boolean', default: false },
    },
  });

  // CORS for the dashboard's own origin only: the fake answers no other page.
  const appOrigins = [`http://127.0.0.1:${values.port}`, `http://localhost:${values.port}`];
  const server = await FakeApiServer.start({
    cors: { allowedOrigins: appOrigins },
    port: Number(values['api-port']),
  });
  seedCluster(server);
  const stopChurn = startChurn(server, { intervalMs: Number(values['churn-ms']) });
  const app = await serveStatic({
    root: options.appDir,
    port: Number(values.port),
    ...(values['same-origin'] ? { apiTarget: server.url } : {}),
  });

  const page = values['same-origin']
    ? `${app.url}/?api=/`
    : values['api-port'] === DEFAULT_API_PORT
      ? `${app.url}/`
      : `${app.url}/?api=${encodeURIComponent(server.url)}`;
  console.log(
    `fake API server: ${server.url} (CORS on, pods change every ${values['churn-ms']} ms)`,
  );
  console.log(`dashboard:       ${page}`);
  runUntilSignal(async () => {
    stopChurn();
    await app.close();
    await server.close();
  });
}
