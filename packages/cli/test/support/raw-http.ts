import { request } from 'node:http';

/** What the proxy answered. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/**
 * One HTTP request with `target` sent exactly as given (fetch would resolve `..` and `%2e%2e`
 * and turn `\` into `/` before sending, as a browser does).
 */
export function rawHttp(
  port: number,
  method: string,
  target: string,
  headers: Readonly<Record<string, string>> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method, path: target, headers, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
