import { afterEach, describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ selfsigned: 0 }));

vi.mock('selfsigned', async (original) => {
  loads.selfsigned += 1;
  return original();
});

describe('the certificate generator (selfsigned)', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('is not loaded by importing the package, nor by a server without TLS', async () => {
    const { FakeApiServer } = await import('../src/index.js');
    servers.push(await FakeApiServer.start());
    expect(loads.selfsigned).toBe(0);
  });

  it('is loaded once, by the first server with TLS', async () => {
    const { FakeApiServer } = await import('../src/index.js');
    const first = await FakeApiServer.start({ tls: true });
    servers.push(first);
    servers.push(await FakeApiServer.start({ tls: true }));
    await first.issueClientCertificate('alice');
    expect(loads.selfsigned).toBe(1);
    expect(first.ca).toContain('BEGIN CERTIFICATE');
  });
});
