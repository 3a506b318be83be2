// Throughput of FakeApiServer (run `npm run build` first): seeding, paginated lists, and writes
// fanned out to watches read by a separate process, so the figures are the server's own.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FakeApiServer } from '../dist/index.js';

const OBJECTS = Number(process.env.OBJECTS ?? 50_000);
const WRITES = Number(process.env.WRITES ?? 100_000);
const configMaps = { version: 'v1', resource: 'configmaps' };
const object = (i) => ({
  metadata: { name: `cm-${i}`, namespace: `ns-${i % 10}`, labels: { app: `app-${i % 7}` } },
  data: { index: String(i), payload: 'x'.repeat(100) },
});
const rate = (n, ms) => `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;
// CPU time of this process: on a shared machine wall time says more about the neighbours.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

if (process.argv[2] === 'watcher') {
  // Child: opens the watches and reports once each has seen `expected` lines.
  const [url, count, expected] = process.argv.slice(3);
  const seen = Array(Number(count)).fill(0);
  for (let i = 0; i < seen.length; i++) {
    const response = await fetch(`${url}/api/v1/configmaps?watch=true&resourceVersion=1`);
    (async () => {
      for await (const chunk of response.body) {
        for (const byte of chunk) if (byte === 10) seen[i]++;
        if (seen.every((n) => n >= Number(expected))) {
          process.send('done');
          process.exit(0);
        }
      }
    })();
  }
  process.send('ready');
} else {
  const server = await FakeApiServer.start({ historyLimit: 1000 });
  const seed = Array.from({ length: OBJECTS }, (_, i) => object(i));
  let t = performance.now();
  let cpu = cpuMs();
  server.bulkCreate(configMaps, seed);
  console.log(
    `bulkCreate ${OBJECTS}: ${(performance.now() - t).toFixed(0)} ms (cpu ${(cpuMs() - cpu).toFixed(0)} ms)`,
  );

  t = performance.now();
  cpu = cpuMs();
  let token;
  let pages = 0;
  do {
    const response = await fetch(
      `${server.url}/api/v1/configmaps?limit=500${token ? `&continue=${token}` : ''}`,
    );
    token = (await response.json()).metadata.continue;
    pages++;
  } while (token);
  console.log(
    `paginated LIST of ${OBJECTS} (${pages} pages of 500): ${(performance.now() - t).toFixed(0)} ms (cpu incl. client ${(cpuMs() - cpu).toFixed(0)} ms)`,
  );
  t = performance.now();
  await (await fetch(`${server.url}/api/v1/configmaps`)).arrayBuffer();
  console.log(`unpaginated LIST of ${OBJECTS}: ${(performance.now() - t).toFixed(0)} ms`);
  await server.close();

  for (const watchers of [0, 1, 4]) {
    const fresh = await FakeApiServer.start({ historyLimit: 1000 });
    let child;
    let done = Promise.resolve();
    if (watchers > 0) {
      child = fork(fileURLToPath(import.meta.url), [
        'watcher',
        fresh.url,
        String(watchers),
        String(WRITES),
      ]);
      await new Promise((resolve) => child.once('message', resolve));
      await fresh.waitFor(() => fresh.openWatches === watchers);
      done = new Promise((resolve) => child.once('message', resolve));
    }
    t = performance.now();
    cpu = cpuMs();
    for (let i = 0; i < WRITES; i++) {
      fresh.create(configMaps, object(i));
      // Yield now and then, as a real writer would: lets the server flush to its watches.
      if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
    }
    const committed = performance.now() - t;
    await done;
    const delivered = performance.now() - t;
    const serverCpu = cpuMs() - cpu;
    console.log(
      `${WRITES} creates, ${watchers} watch(es): committed at ${rate(WRITES, committed)}` +
        (watchers ? `, delivered to every watch at ${rate(WRITES, delivered)}` : '') +
        `; server cpu ${serverCpu.toFixed(0)} ms = ${rate(WRITES, serverCpu)} of cpu capacity`,
    );
    child?.kill();
    await fresh.close();
  }
}
