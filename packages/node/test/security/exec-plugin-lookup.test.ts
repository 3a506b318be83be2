import { chmodSync, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { execCredentialAuth } from '../../src/auth/exec-credential-auth.js';
import { isKubeConfigError } from '../../src/kubeconfig/kube-config-error.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';

const TOKEN = 'token-a-planted-plugin-would-send';

describe('a bare exec plugin name is never found in the current directory (Go: exec.ErrDot)', () => {
  const temp = useTempDir();
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));

  /** A repository with a planted `./my-auth-plugin` that leaves a mark when it runs. */
  const plant = (): { marker: string; dir: string } => {
    const dir = temp.path();
    const marker = join(dir, 'it-ran');
    const script = temp.write(
      'my-auth-plugin',
      `#!/bin/sh\ntouch '${marker}'\necho '{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"${TOKEN}"}}'\n`,
    );
    chmodSync(script, 0o755);
    return { marker, dir };
  };

  const auth = (path: string) =>
    execCredentialAuth({
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1',
        command: 'my-auth-plugin',
        interactiveMode: 'Never',
      },
      user: 'dev',
      env: { PATH: path },
    });

  it.each([
    ['a "." entry', (system: string) => `.${delimiter}${system}`],
    ['an empty entry', (system: string) => `${delimiter}${system}`],
    ['a relative entry', (system: string) => `bin-relative${delimiter}${system}`],
  ])('refuses a plugin found through %s of PATH, and does not run it', async (_what, path) => {
    const { marker, dir } = plant();
    process.chdir(dir);
    if (_what === 'a relative entry') {
      temp.write('bin-relative/my-auth-plugin', '#!/bin/sh\nexit 0\n');
      chmodSync(join(dir, 'bin-relative/my-auth-plugin'), 0o755);
    }
    const error = await auth(path('/usr/bin:/bin'))
      .header()
      .catch((caught: unknown) => caught);
    expect(isKubeConfigError(error) && error.reason).toBe('ExecFailed');
    expect((error as Error).message).toContain('my-auth-plugin');
    expect((error as Error).message).toMatch(/relative|current directory/);
    expect((error as Error).message).not.toContain(TOKEN);
    expect(existsSync(marker)).toBe(false);
  });

  it('runs a plugin found in an absolute PATH entry', async () => {
    const { marker, dir } = plant();
    expect(await auth(`${dir}${delimiter}/usr/bin`).header()).toBe(`Bearer ${TOKEN}`);
    expect(existsSync(marker)).toBe(true);
  });
});
