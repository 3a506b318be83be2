// @ts-check
// The fleet view (32 live collections) behind `rxkube proxy`, in front of a seeded fake API
// server whose objects keep changing:
//   pnpm fleet                      http://127.0.0.1:8001/dashboard/?view=fleet&api=/
//   pnpm fleet --port 8002          another port for the proxy
//   pnpm fleet --churn-ms 100       more changes per second
// Open the page with `&mux=never` to see what plain fetch over HTTP/1.1 does to it.
import { fileURLToPath } from 'node:url';
import { runFleet } from '@rxkube/example-dashboard-shared/server';

await runFleet({ appDir: fileURLToPath(new URL('../dist', import.meta.url)) });
