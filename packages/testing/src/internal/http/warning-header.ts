/**
 * A `Warning` header value as kube-apiserver writes it (k8s.io/apimachinery pkg/util/net
 * `NewWarningHeader(299, "-", text)`): code 299, agent `-`, the text quoted with `"` and `\`
 * escaped by a backslash.
 */
export function warningHeader(text: string): string {
  return `299 - "${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
