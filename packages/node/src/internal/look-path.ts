import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * Where a bare command name is found in `PATH`, as Go's `exec.LookPath` (Go 1.19 and later):
 * the first directory holding an executable file of that name wins, an empty entry means the
 * current directory, and a hit through a relative entry (`.`, empty, `bin`) is reported as
 * `relative` instead of being used (Go's `exec.ErrDot`): a kubeconfig in a cloned repository
 * must not run a file the repository planted.
 */
export type LookPathResult =
  | { readonly kind: 'found'; readonly file: string }
  | { readonly kind: 'relative'; readonly file: string }
  | { readonly kind: 'missing' };

export function lookPath(command: string, path: string | undefined): LookPathResult {
  for (const entry of (path ?? '').split(delimiter)) {
    const dir = entry === '' ? '.' : entry;
    const file = join(dir, command);
    if (!executableFile(file)) continue;
    return isAbsolute(file) ? { kind: 'found', file } : { kind: 'relative', file };
  }
  return { kind: 'missing' };
}

function executableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
