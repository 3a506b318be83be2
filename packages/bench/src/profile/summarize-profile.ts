import { readFileSync } from 'node:fs';
import { ProfileFormatError } from './profile-format-error.js';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

/** Where a function's code lives, as a short name: a package, `node:` or a file of this repo. */
function origin(url: string): string {
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const [, pnpm] =
    /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url) ?? [];
  if (pnpm !== undefined) return pnpm;
  const [, plain] = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url) ?? [];
  if (plain !== undefined) return plain;
  const own = /packages\/([^/]+)\/(?:dist|src)\/(.*)$/.exec(url);
  if (own) return `@rxkube/${own[1]}`;
  return url.replace(/^file:\/\//, '');
}

function file(url: string): string {
  const own = /packages\/([^/]+)\/(?:dist|src)\/(.*)$/.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  const parts = url.split('/');
  return parts.slice(-2).join('/');
}

/**
 * Self time of a CPU profile by function and by origin (package), sorted by cost, as text.
 * `total` adds each function's total (inclusive) time for the functions of `@rxkube/*`.
 *
 * @example
 * ```ts
 * console.log(summarizeProfile(readFileSync('sync-rxkube.cpuprofile', 'utf8'), 25));
 * ```
 */
export function summarizeProfile(text: string, top: number): string {
  const profile = JSON.parse(text) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const nodeOf = (id: number): ProfileNode => {
    const node = byId.get(id);
    if (node === undefined) {
      throw new ProfileFormatError(`the profile names node ${id}, which it does not have`);
    }
    return node;
  };
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = profile.endTime - profile.startTime;
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = nodeOf(id).callFrame;
    const name =
      `${frame.functionName || '(anonymous)'} ${frame.url ? `${file(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const o = origin(frame.url);
    byOrigin.set(o, (byOrigin.get(o) ?? 0) + us);
    // inclusive time of our own functions: walk up once per distinct function on the stack
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = nodeOf(at).callFrame;
      if (!/packages\/(core|node)\//.test(f.url)) continue;
      const key = `${f.functionName || '(anonymous)'} ${file(f.url)}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const pct = (us: number) =>
    `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms`;
  const lines = [`profile: ${(total / 1000).toFixed(0)} ms`, '', 'self time by origin:'];
  for (const [o, us] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${pct(us)}  ${o}`);
  lines.push('', 'self time by function:');
  for (const [f, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${pct(us)}  ${f}`);
  lines.push('', 'total time of @rxkube/core and @rxkube/node functions:');
  for (const [f, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${pct(us)}  ${f}`);
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('summarize-profile.js')) {
  const [path, top] = process.argv.slice(2);
  if (path === undefined) {
    console.error('usage: node dist/profile/summarize-profile.js FILE.cpuprofile [TOP]');
    process.exit(2);
  }
  console.log(summarizeProfile(readFileSync(path, 'utf8'), Number(top ?? 30)));
}
