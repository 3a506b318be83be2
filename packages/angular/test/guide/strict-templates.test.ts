import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideSnippet } from './guide-snippet.js';

/**
 * The guide's component compiled by Angular's compiler (`ngc`) with the settings a new Angular CLI
 * application has: `strict` TypeScript and `strictTemplates`, so the template's expressions
 * (`pod.metadata.uid`, `.name`, `.namespace`) are type-checked as an application's would be.
 */

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const ngc = join(
  dirname(require.resolve('@angular/compiler-cli/package.json')),
  'bundles/src/bin/ngc.js',
);
/** An ngc run: the compiler and its type checks take seconds on a busy machine. */
const NGC_TIMEOUT_MS = 180_000;

/** `angular.json`-less copy of what `ng new` writes into tsconfig.json (Angular 21). */
function cliTsconfig(file: string): object {
  return {
    compilerOptions: {
      strict: true,
      noImplicitOverride: true,
      noPropertyAccessFromIndexSignature: true,
      noImplicitReturns: true,
      noFallthroughCasesInSwitch: true,
      skipLibCheck: true,
      isolatedModules: true,
      experimentalDecorators: true,
      target: 'ES2022',
      module: 'preserve',
      moduleResolution: 'bundler',
      lib: ['ES2023', 'DOM'],
      types: [],
      outDir: 'out',
      // this package from its sources; @rxkube/core and Angular as installed
      paths: {
        '@rxkube/angular': [join(packageDir, 'src/index.ts')],
        '@rxkube/angular/testing': [join(packageDir, 'src/testing/index.ts')],
      },
    },
    files: [file],
    angularCompilerOptions: {
      enableI18nLegacyMessageIdFormat: false,
      strictInjectionParameters: true,
      strictInputAccessModifiers: true,
      strictTemplates: true,
    },
  };
}

let work: string;

beforeAll(async () => {
  // Inside the package, so that bare imports resolve from its node_modules as an app's would.
  const tmp = join(packageDir, 'node_modules', '.tmp');
  await mkdir(tmp, { recursive: true });
  work = await mkdtemp(join(tmp, 'strict-templates-'));
});

afterAll(async () => {
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a color code
const COLORS = /\x1b\[[0-9;]*m/g;

/** Compiles `source` alone with ngc; the exit code and what ngc printed (colors removed). */
async function compile(name: string, source: string): Promise<{ code: number; output: string }> {
  const dir = join(work, name);
  await mkdir(dir);
  await writeFile(join(dir, 'component.ts'), source);
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(cliTsconfig('component.ts'), null, 2));
  try {
    const { stdout, stderr } = await run(process.execPath, [ngc, '-p', dir], { cwd: dir });
    return { code: 0, output: (stdout + stderr).replace(COLORS, '') };
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
    return { code: code ?? -1, output: `${stdout ?? ''}${stderr ?? ''}`.replace(COLORS, '') };
  }
}

describe('the Angular guide: its component under strictTemplates', () => {
  it(
    'compiles with ngc, strict and strictTemplates, as written',
    async () => {
      const result = await compile('guide', guideSnippet('Use a collection'));
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    },
    NGC_TIMEOUT_MS,
  );

  it(
    'is really type-checked: the same template reading a field pods do not have fails',
    async () => {
      const component = guideSnippet('Use a collection');
      const broken = component.replace('{{ pod.metadata.name }}', '{{ pod.metadata.nickname }}');
      expect(broken).not.toBe(component);
      const result = await compile('broken', broken);
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/error TS\d+: Property 'nickname' does not exist on type/);
    },
    NGC_TIMEOUT_MS,
  );
});
