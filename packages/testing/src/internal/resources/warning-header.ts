// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A `Warning` header value as kube-apiserver writes it (k8s.io/apimachinery pkg/util/net
 * `NewWarningHeader(299, "-", text)`): code 299, agent `-`, the text quoted with `"` and `\`
 * escaped by a backslash; `undefined` for a text with control characters, which it refuses (the
 * warning is then not sent).
 */
export function warningHeader(text: string): string | undefined {
  if (CONTROL.test(text)) return undefined;
  return `299 - "${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
