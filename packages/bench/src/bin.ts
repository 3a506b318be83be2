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
 * `--write`) updates docs/benchmarks.md and docs/images/benchmarks.svg. `--help` lists the options.
 */

const USAGE = `usage: pnpm bench [options]
  --quick             small sizes, for iteration (does not write the docs unless --write)
  --medium            10k pods and 30k events, five runs; growth 1k to 100k
  --repeats=N         run each measured scenario N times: the median, and the spread of the ratios
  --only=a,b          some of: ${SCENARIOS.join(', ')}
  --cpu-prof=DIR      a CPU profile of every client process
  --heap-snapshot=DIR a heap snapshot of every client after its initial sync
  --json=FILE         the figures as JSON
  --write / --no-write  update the docs (default: only after a full run)
  --help              this text`;

const { values } = (() => {
  try {
    return parseArgs({
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
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

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
