import { readFileSync } from 'node:fs';
import type { ScriptServerTls } from '../../../../core/test/support/script-server.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

/** The test CA and certificates (see fixtures/README.md). */
export const tlsFixtures = {
  ca: fixture('ca.crt'),
  serverCert: fixture('server.crt'),
  serverKey: fixture('server.key'),
  clientCert: fixture('client.crt'),
  clientKey: fixture('client.key'),
};

/** The script server's TLS with the fixture certificate: `startScriptServer({ tls: serverTls })`. */
export const serverTls: ScriptServerTls = {
  key: tlsFixtures.serverKey,
  cert: tlsFixtures.serverCert,
  ca: tlsFixtures.ca,
};
