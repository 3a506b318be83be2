import pc from 'picocolors';

/** The colours the command uses; all identity functions when colour is off. */
export type Palette = ReturnType<typeof pc.createColors>;

/** Colour on for a terminal unless `NO_COLOR` is set; `FORCE_COLOR` turns it on anywhere. */
export function createPalette(
  isTerminal: boolean,
  env: Readonly<Record<string, string | undefined>>,
): Palette {
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
  const disabled = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return pc.createColors(forced || (isTerminal && !disabled));
}
