import { ioDefaults } from '../../io-defaults.js';

/**
 * The start of a body or line, whitespace collapsed, cut to a few hundred characters: enough to
 * recognise an HTML error page or a broken line, never the whole of it.
 */
export function excerpt(text: string, maxChars: number = ioDefaults.excerptChars): string {
  const head = text
    .slice(0, maxChars * 2)
    .replace(/\s+/g, ' ')
    .trim();
  return head.length > maxChars ? `${head.slice(0, maxChars)}…` : head;
}
