import type { KubeWarning } from '../kube-warning.js';

const CODE = /^[1-2][0-9]{2}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The warnings of a `Warning` header value, several joined by `, ` (as `Headers.get` and undici
 * join repeated headers): `code agent "text"`, optionally followed by `"date"`, the text with `\`
 * escapes, as k8s.io/apimachinery `net.ParseWarningHeaders` reads them. A malformed warning ends
 * the value: it and what follows are dropped (never guessed at).
 */
export function parseWarningHeaders(value: string): KubeWarning[] {
  const warnings: KubeWarning[] = [];
  let rest = value.trim();
  while (rest !== '') {
    const first = rest.indexOf(' ');
    const second = first < 0 ? -1 : rest.indexOf(' ', first + 1);
    if (second < 0) break;
    const code = rest.slice(0, first);
    const agent = rest.slice(first + 1, second);
    if (!CODE.test(code) || agent === '' || CONTROL.test(agent)) break;
    const text = quoted(rest, second + 1);
    if (text === undefined || CONTROL.test(text.value)) break;
    rest = rest.slice(text.end).trim();
    if (rest.startsWith('"')) {
      // the optional warn-date: quoted, nothing escaped in it
      const close = rest.indexOf('"', 1);
      if (close < 0) break;
      rest = rest.slice(close + 1).trim();
    }
    // only the end, or a comma and the next warning, may follow
    if (rest !== '' && !rest.startsWith(',')) break;
    warnings.push({ code: Number(code), agent, text: text.value });
    rest = rest.slice(1).trim();
  }
  return warnings;
}

/** The quoted string at `start` (unescaped) and where it ends; `undefined` when there is none. */
function quoted(text: string, start: number): { value: string; end: number } | undefined {
  if (text[start] !== '"') return undefined;
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      if (i >= text.length) return undefined;
      value += text[i];
    } else if (c === '"') {
      return { value, end: i + 1 };
    } else {
      value += c;
    }
  }
  return undefined;
}
