/**
 * How many cases each fuzzer runs: a bounded number in `pnpm test`, many more in `pnpm soak`
 * (`RXKUBE_FUZZ_RUNS`). A failure prints fast-check's seed and path to replay it.
 */
export const fuzzRuns = (bounded: number): number =>
  Number(process.env.RXKUBE_FUZZ_RUNS ?? bounded);
