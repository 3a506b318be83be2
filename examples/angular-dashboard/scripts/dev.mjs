// @ts-check
// Serves the built dashboard next to a seeded fake API server whose pods keep changing.
//   pnpm dev                      app on http://127.0.0.1:4300, API on http://127.0.0.1:8090
//   pnpm dev -- --port 4400 --api-port 8091
//   pnpm dev -- --same-origin     the app server also forwards /api and /apis (like kubectl proxy --www)
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FakeApiServer } from '@rxkube/testing';
import { seedCluster, startChurn } from './seed.mjs';
import { serveStatic } from './static-server.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4300' },
    'api-port': { type: 'string', default: '8090' },
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
  root: fileURLToPath(new URL('../dist/browser', import.meta.url)),
  port: Number(values.port),
  ...(values['same-origin'] ? { apiTarget: server.url } : {}),
});

const page = values['same-origin']
  ? `${app.url}/?api=/`
  : values['api-port'] === '8090'
    ? `${app.url}/`
    : `${app.url}/?api=${encodeURIComponent(server.url)}`;
console.log(`fake API server: ${server.url} (CORS on, pods change every ${values['churn-ms']} ms)`);
console.log(`dashboard:       ${page}`);
console.log('Ctrl-C to stop.');

const stop = async () => {
  stopChurn();
  await app.close();
  await server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Keep running: both servers are unref'd so that tests can reuse them without hanging.
setInterval(() => {}, 1 << 30);
