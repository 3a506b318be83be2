import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tokenFileAuth } from '../../src/auth/token-file-auth.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';

describe('tokenFileAuth', () => {
  const temp = useTempDir();

  it('reads the token on first use, trimmed, and keeps it for refreshMs', async () => {
    const path = temp.write('token', '  first\n');
    let now = 0;
    const auth = tokenFileAuth({ path, refreshMs: 1000, now: () => now });
    expect(await auth.header()).toBe('Bearer first');
    writeFileSync(path, 'second');
    now = 999;
    expect(await auth.header()).toBe('Bearer first');
    now = 1000;
    expect(await auth.header()).toBe('Bearer second');
  });

  it('re-reads the file at once after invalidate (a 401)', async () => {
    const path = temp.write('token', 'first');
    const auth = tokenFileAuth({ path, now: () => 0 });
    expect(await auth.header()).toBe('Bearer first');
    writeFileSync(path, 'rotated');
    expect(await auth.header()).toBe('Bearer first');
    auth.invalidate?.();
    expect(await auth.header()).toBe('Bearer rotated');
  });

  it('keeps the last good token while the file is missing or empty', async () => {
    const path = temp.write('token', 'good');
    let now = 0;
    const auth = tokenFileAuth({ path, refreshMs: 10, now: () => now });
    expect(await auth.header()).toBe('Bearer good');
    rmSync(path);
    now = 20;
    expect(await auth.header()).toBe('Bearer good');
    writeFileSync(path, '\n');
    now = 40;
    expect(await auth.header()).toBe('Bearer good');
    writeFileSync(path, 'next');
    now = 60;
    expect(await auth.header()).toBe('Bearer next');
  });

  it('fails with FileUnreadable naming the file when it never could be read', async () => {
    const path = join(temp.path(), 'missing');
    await expect(tokenFileAuth({ path }).header()).rejects.toMatchObject({
      reason: 'FileUnreadable',
      path,
      message: `token file ${path} cannot be read (ENOENT)`,
    });
    const empty = temp.write('empty', '  \n');
    await expect(tokenFileAuth({ path: empty }).header()).rejects.toMatchObject({
      reason: 'FileUnreadable',
      message: `token file ${empty} is empty`,
    });
  });

  it('prints nothing of the token', async () => {
    const auth = tokenFileAuth({ path: temp.write('token', 'very-secret') });
    await auth.header();
    expect(inspect(auth, { showHidden: true, depth: 10 })).not.toContain('very-secret');
    expect(JSON.stringify(auth)).not.toContain('very-secret');
  });
});
