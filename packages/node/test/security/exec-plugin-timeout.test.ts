import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { execCredentialAuth } from '../../src/auth/exec-credential-auth.js';
import { KUBE_CONFIG_DEFAULTS } from '../../src/kubeconfig/kube-config-defaults.js';
import { isKubeConfigError } from '../../src/kubeconfig/kube-config-error.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';

const SECRET = 'partial-output-SECRET';

describe('an exec plugin that never finishes', () => {
  const temp = useTempDir();
  const started: number[] = [];
  afterEach(() => {
    // The grandchild of the second test: the process this test started, by its id.
    for (const pid of started.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  const auth = (source: string, timeoutMs: number) => {
    const script = temp.write('plugin.mjs', source);
    return execCredentialAuth({
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1',
        command: process.execPath,
        args: [script],
        interactiveMode: 'Never',
      },
      user: 'dev',
      timeoutMs,
    });
  };

  it('fails with KubeConfigError ExecTimeout naming the plugin, never its output, and ends it', async () => {
    const pidFile = join(temp.path(), 'pid');
    const plugin = auth(
      `import { writeFileSync } from 'node:fs';
       writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
       process.stdout.write('{"status":{"token":"${SECRET}"');
       setInterval(() => {}, 1000);`,
      3_000,
    );
    const error = await plugin.header().catch((caught: unknown) => caught);
    expect(isKubeConfigError(error) && error.reason).toBe('ExecTimeout');
    expect((error as Error).message).toContain(process.execPath);
    expect((error as Error).message).toContain('3000 ms');
    expect((error as Error).message).not.toContain(SECRET);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('fails the same way when the plugin exits but a child of it keeps standard output open', async () => {
    const pidFile = join(temp.path(), 'grandchild');
    const plugin = auth(
      `import { spawn } from 'node:child_process';
       import { writeFileSync } from 'node:fs';
       const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
       writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
       child.unref();
       process.stdout.write('{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"${SECRET}"}}');`,
      3_000,
    );
    const error = await plugin.header().catch((caught: unknown) => caught);
    expect(existsSync(pidFile)).toBe(true);
    started.push(Number(readFileSync(pidFile, 'utf8')));
    expect(isKubeConfigError(error) && error.reason).toBe('ExecTimeout');
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('has a documented default that leaves time for an interactive login', () => {
    expect(KUBE_CONFIG_DEFAULTS.execTimeoutMs).toBeGreaterThanOrEqual(60_000);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
