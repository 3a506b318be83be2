import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

/** A temporary folder removed after the current test; `write` creates files (and folders) in it. */
export function useTempDir(): {
  readonly path: () => string;
  write(name: string, text: string): string;
} {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const path = () => {
    dir ??= mkdtempSync(join(tmpdir(), 'rxkube-kubeconfig-'));
    return dir;
  };
  return {
    path,
    write(name, text) {
      const file = join(path(), name);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
  };
}
