import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The Angular guide, whose snippets these tests run and compile as they are written. */
export const guidePath = fileURLToPath(
  new URL('../../../../docs/guides/angular.md', import.meta.url),
);

/**
 * The first ```ts block after the heading `## {heading}` (or `### …`) of the Angular guide,
 * exactly as written. Throws when the section or its block is gone, so a renamed section fails
 * the test instead of passing it with nothing.
 */
export function guideSnippet(heading: string): string {
  const text = readFileSync(guidePath, 'utf8');
  const at = text.search(new RegExp(`^#{2,3} ${heading}$`, 'm'));
  if (at < 0) throw new Error(`docs/guides/angular.md has no section "${heading}"`);
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(text.slice(at));
  if (block?.[1] === undefined) throw new Error(`section "${heading}" has no ts block`);
  return block[1];
}
