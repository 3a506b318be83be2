import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Serves a file of `root` (`--www`) for a path below the `--www-prefix`, already decoded and
 * normalised (`canonicalPath`: no `..` is left in it); a directory serves its `index.html`.
 * Nothing outside `root` is ever read.
 */
export async function serveStatic(
  root: string,
  decoded: string,
  response: ServerResponse,
): Promise<void> {
  const base = resolve(root);
  let file = resolve(join(base, decoded));
  if (decoded.includes('\0') || (file !== base && !file.startsWith(base + sep))) {
    response.writeHead(404).end();
    return;
  }
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      file = join(file, 'index.html');
      info = await stat(file);
    }
    if (!info.isFile()) throw new Error('not a file');
  } catch {
    response
      .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      .end('404 page not found\n');
    return;
  }
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
  });
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}
