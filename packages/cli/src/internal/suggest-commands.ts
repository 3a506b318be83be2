/** Edits (insertions, deletions, substitutions) between two words, letter case ignored. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const substitution = (previous[j - 1] as number) + (s[i - 1] === t[j - 1] ? 0 : 1);
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        substitution,
      );
    }
    previous = current;
  }
  return previous[t.length] as number;
}

/** Two edits away at most, as cobra suggests (`SuggestionsMinimumDistance`). */
const MAX_EDITS = 2;

/**
 * The commands a mistyped one may have meant, in the order given, as kubectl (cobra) suggests
 * them: those at most two edits away, and those it begins.
 */
export function suggestCommands(typed: string, commands: readonly string[]): string[] {
  return commands.filter(
    (command) =>
      distance(typed, command) <= MAX_EDITS ||
      command.toLowerCase().startsWith(typed.toLowerCase()),
  );
}
