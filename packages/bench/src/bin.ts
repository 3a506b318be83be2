import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchConfig } from './bench-config.js';
import { evaluateTargets } from './report/evaluate-targets.js';
import { formatTable } from './report/format-table.js';
import { GENERATED_BEGIN, GENERATED_END, renderMarkdown } from './report/render-markdown.js';
import { renderSvg } from './report/render-svg.js';
import { runSuite, SCENARIOS } from './run-suite.js';

/**
 * `pnpm bench`: runs the benchmark suite, prints the table, and (for a full run, or with
 * `--write`) updates docs/benchmarks.md and docs/images/benchmarks.svg.
 *
 *   --quick             small sizes, for iteration (does not write the docs unless --write)
 *   --medium            10k pods and 30k events, three runs; growth 1k to 100k
 *   --repeats=N         run sync, watch, sharing and relist N times and keep the best
 *   --only=a,b          some of: sync, watch, growth, share, relist, decode
 *   --cpu-prof=DIR      a CPU profile of every client process
 *   --heap-snapshot=DIR a heap snapshot of every client after its initial sync
 *   --json=FILE         the figures as JSON
 *   --write / --no-write
 */

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    medium: { type: 'boolean', default: false },
    repeats: { type: 'string' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'heap-snapshot': { type: 'string' },
    json: { type: 'string' },
    write: { type: 'boolean' },
    'no-write': { type: 'boolean', default: false },
  },
});

const chosen = values.only?.split(',').map((s) => s.trim()) ?? [...SCENARIOS];
for (const name of chosen) {
  if (!(SCENARIOS as readonly string[]).includes(name)) {
    console.error(`unknown scenario ${name}; choose from ${SCENARIOS.join(', ')}`);
    process.exit(2);
  }
}
const only = new Set(chosen as (typeof SCENARIOS)[number][]);
const config = {
  ...benchConfig(values.quick, values.medium),
  ...(values.repeats === undefined ? {} : { repeats: Math.max(1, Number(values.repeats)) }),
};
const directory = (path: string | undefined) => {
  if (path === undefined) return undefined;
  const full = resolve(path);
  mkdirSync(full, { recursive: true });
  return full;
};
const cpuProfileDir = directory(values['cpu-prof']);
const heapSnapshotDir = directory(values['heap-snapshot']);

const { figures, info } = await runSuite({
  config,
  only,
  log: (line) => console.error(line),
  ...(cpuProfileDir === undefined ? {} : { cpuProfileDir }),
  ...(heapSnapshotDir === undefined ? {} : { heapSnapshotDir }),
});
const targets = evaluateTargets(figures);
console.log(formatTable(figures, targets));
if (values.json !== undefined)
  writeFileSync(values.json, `${JSON.stringify({ info, figures, targets }, null, 2)}\n`);

const complete = only.size === SCENARIOS.length;
const write = values['no-write'] ? false : (values.write ?? (complete && !config.quick));
if (write) {
  const docs = fileURLToPath(new URL('../../../docs/', import.meta.url));
  const page = resolve(docs, 'benchmarks.md');
  const chart = resolve(docs, 'images/benchmarks.svg');
  mkdirSync(dirname(chart), { recursive: true });
  writeFileSync(chart, renderSvg(figures));
  const block = renderMarkdown(figures, targets, info, 'images/benchmarks.svg');
  let text: string;
  try {
    text = readFileSync(page, 'utf8');
  } catch {
    text = `# Benchmarks\n\n${GENERATED_BEGIN}\n${GENERATED_END}\n`;
  }
  const begin = text.indexOf(GENERATED_BEGIN);
  const end = text.indexOf(GENERATED_END);
  text =
    begin === -1 || end === -1
      ? `${text.trimEnd()}\n\n${block}\n`
      : `${text.slice(0, begin)}${block}${text.slice(end + GENERATED_END.length)}`;
  writeFileSync(page, text);
  console.error(`wrote ${page} and ${chart}`);
}
