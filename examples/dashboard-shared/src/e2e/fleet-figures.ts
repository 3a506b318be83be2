import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the fleet suite measures, in the test process, in milliseconds. */
export interface FleetFigures {
  /** How many collections the view follows. */
  readonly collections: number;
  /** From navigating to the fleet view until every collection is live. */
  readonly allLiveMs: number;
  /** From killing `rxkube proxy` until every tile shows `reconnecting`. */
  readonly dropShownMs: number;
  /** From the proxy serving again until every tile is live with the changes it missed. */
  readonly recoveredMs: number;
}

/**
 * Prints the figures the fleet suite measured and writes them to
 * `test-results/fleet-figures.json` under the working directory (the example's folder).
 */
export async function reportFleetFigures(
  name: string,
  figures: Partial<FleetFigures>,
): Promise<void> {
  if (Object.keys(figures).length === 0) return;
  const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} ms`);
  console.log(
    `${name}, fleet view: ${figures.collections ?? '?'} of ${figures.collections ?? '?'} ` +
      `collections live in ${ms(figures.allLiveMs)} from navigation; the dropped connection ` +
      `shown in every tile ${ms(figures.dropShownMs)} after the proxy died; every tile live ` +
      `again ${ms(figures.recoveredMs)} after it came back`,
  );
  const dir = join(process.cwd(), 'test-results');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'fleet-figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
}
