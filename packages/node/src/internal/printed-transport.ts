import { inspect } from 'node:util';
import { redactUrl } from '@rxkube/core/transport';

/**
 * How a transport prints (`JSON.stringify`, `console.log`, `util.inspect`): its kind and its base
 * URL without credentials, never a header, token or key.
 */
export abstract class PrintedTransport {
  readonly #kind: string;
  readonly #baseUrl: string;

  protected constructor(kind: string, baseUrl: string) {
    this.#kind = kind;
    this.#baseUrl = baseUrl;
  }

  toJSON(): unknown {
    return { kind: this.#kind, baseUrl: redactUrl(this.#baseUrl) };
  }

  [inspect.custom](): string {
    return `${this.#kind} { baseUrl: '${redactUrl(this.#baseUrl)}' }`;
  }
}
