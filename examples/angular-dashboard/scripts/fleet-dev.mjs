// @ts-check
// The fleet view (32 live collections) behind `rxkube proxy`, in front of a seeded fake API
// server whose objects keep changing:
//   pnpm fleet                      http://127.0.0.1:8001/dashboard/?view=fleet&api=/
//   pnpm fleet --port 8002          another port for the proxy
//   pnpm fleet --churn-ms 100       more changes per second
// Open the page with `&mux=never` to see what plain fetch over HTTP/1.1 does to it.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FakeApiServer } from '@rxkube/testing';
import { seedFleet, startFleetChurn } from './fleet-seed.mjs';
import { startRxkubeProxy } from './rxkube-proxy.mjs';

const { values } = parseArgs({
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
  www: { dir: fileURLToPath(new URL('../dist/browser', import.meta.url)), prefix: '/dashboard/' },
  inherit: true,
});

console.log(
  `fake API server: ${server.url} (${seeded} objects, one changes every ${values['churn-ms']} ms)`,
);
console.log(`fleet view:      ${proxy.url}/dashboard/?view=fleet&api=/`);
console.log(`pod table:       ${proxy.url}/dashboard/?api=/`);
console.log('Ctrl-C to stop.');

const stop = async () => {
  stopChurn();
  await proxy.kill();
  await server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Keep running: the fake API server is unref'd so that tests can reuse it without hanging.
setInterval(() => {}, 1 << 30);
