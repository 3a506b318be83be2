// @ts-check
// Serves the built dashboard next to a seeded fake API server whose pods keep changing.
//   pnpm dev                      app on http://127.0.0.1:4400, API on http://127.0.0.1:8090
//   pnpm dev -- --port 4500 --api-port 8091
//   pnpm dev -- --same-origin     the app server also forwards /api and /apis (like kubectl proxy --www)
import { fileURLToPath } from 'node:url';
import { runDev } from '@rxkube/example-dashboard-shared/server';

await runDev({ appDir: fileURLToPath(new URL('../dist', import.meta.url)), defaultPort: 4400 });
