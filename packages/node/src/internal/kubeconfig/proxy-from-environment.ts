import { BlockList, isIP } from 'node:net';

/**
 * The proxy kubectl would use for a server from the environment, as Go's HTTP client reads it:
 * `HTTPS_PROXY`/`https_proxy` for `https:` servers, `HTTP_PROXY`/`http_proxy` for `http:`
 * ones, unless `NO_PROXY`/`no_proxy` matches the host (`*`, an IP, a CIDR, a domain and its
 * subdomains, `.domain` for subdomains only, each optionally with `:port`). Loopback hosts are
 * never proxied. A proxy given without a scheme means `http://`.
 */
export function proxyFromEnvironment(
  server: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const url = new URL(server);
  const pick = (...names: string[]) =>
    names.map((name) => env[name]).find((value) => value !== undefined && value !== '');
  const proxy =
    url.protocol === 'https:'
      ? pick('HTTPS_PROXY', 'https_proxy')
      : pick('HTTP_PROXY', 'http_proxy');
  if (proxy === undefined) return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
  if (isLoopback(host) || excluded(host, port, pick('NO_PROXY', 'no_proxy') ?? ''))
    return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  if (family === 4) return host.startsWith('127.');
  if (family === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

function excluded(host: string, port: string, noProxy: string): boolean {
  for (const raw of noProxy.split(',')) {
    let entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const cidr = entry.match(/^(.+)\/(\d{1,3})$/);
    if (cidr) {
      const family = isIP(cidr[1] ?? '');
      if (family !== 0 && isIP(host) === family) {
        const list = new BlockList();
        const type = family === 4 ? 'ipv4' : 'ipv6';
        list.addSubnet(cidr[1] ?? '', Number(cidr[2]), type);
        if (list.check(host, type)) return true;
      }
      continue;
    }
    let entryPort: string | undefined;
    const withPort = entry.match(/^\[?([^\]]*?)\]?:(\d+)$/);
    if (withPort && isIP(entry) !== 6) {
      entry = withPort[1] ?? entry;
      entryPort = withPort[2];
    }
    entry = entry.replace(/^\[(.*)\]$/, '$1');
    if (entryPort !== undefined && entryPort !== port) continue;
    if (isIP(entry) !== 0) {
      if (entry === host) return true;
      continue;
    }
    if (entry.startsWith('*.')) entry = entry.slice(1);
    if (entry.startsWith('.')) {
      if (host.endsWith(entry)) return true;
    } else if (host === entry || host.endsWith(`.${entry}`)) {
      return true;
    }
  }
  return false;
}
