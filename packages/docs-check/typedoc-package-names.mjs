// @ts-check
/**
 * A TypeDoc plugin for the API reference: names each entry-point module after its package
 * (`@rxkube/core` instead of `core/src`, `@rxkube/core/transport` instead of
 * `core/src/transport`), reading the name from the package's package.json.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Converter, ReflectionKind } from 'typedoc';

const packagesDir = resolve(import.meta.dirname, '..');

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (_context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return;
    const match = /^([a-z][a-z0-9-]*)\/src(?:\/([a-z][a-z0-9-]*))?$/.exec(reflection.name);
    if (match === null) return;
    const manifest = JSON.parse(readFileSync(join(packagesDir, match[1], 'package.json'), 'utf8'));
    reflection.name = match[2] === undefined ? manifest.name : `${manifest.name}/${match[2]}`;
  });
}
