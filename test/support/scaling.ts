/**
 * "No quadratic blow-up" without a guess at the machine's speed: `growth` compares the work at size n, done
 * `factor` times, with the same work done once at size factor·n. Linear work costs the same both ways (growth
 * about 1; a little less, as the many small runs pay the per-call overhead more often); quadratic work costs
 * `factor` times more at the big size (16 for the default factor), and worse than that more.
 *
 * What is measured is this process's CPU time, not the wall clock: the other processes of a loaded machine take
 * turns on its cores, and a run of a millisecond preempted for ten looked like quadratic work (a growth of 15.7
 * under a load average of 15). Each size is timed in several interleaved rounds and the fastest counts, so that a
 * garbage collection in one round does not either.
 *
 * LINEAR_GROWTH is the bound tests assert: linear work stays well under it, and quadratic work (16) is over it by
 * 3x. The small size should be big enough that a quadratic version's square term dominates there already (a few
 * thousand characters of the hostile shape at least).
 */
export const LINEAR_GROWTH = 5;

export interface GrowthOptions {
  /** How much bigger the big input is; default 16. */
  factor?: number;
  /** Interleaved rounds; default 3. */
  rounds?: number;
}

/**
 * `make(size)` builds the input (not timed), `work(input)` runs the code under test on it (timed). Answers
 * min cpu(work(make(factor·n))) / min cpu(factor x work(make(n))). Work too quick to measure is repeated the same
 * number of times on both sides until the small side takes MEASURABLE_MS.
 */
export function growth<T>(
  make: (size: number) => T,
  work: (input: T) => unknown,
  size: number,
  options: GrowthOptions = {},
): number {
  const { factor = 16, rounds = 3 } = options;
  const small = make(size);
  const big = make(size * factor);
  const time = (input: T, runs: number) => {
    const started = cpuMs();
    for (let i = 0; i < runs; i++) work(input);
    return cpuMs() - started;
  };
  // Compiled and warmed on both sizes first: a first run that compiles would pass for the work's cost.
  time(small, 1);
  time(big, 1);
  let repeat = 1;
  while (time(small, factor * repeat) < MEASURABLE_MS && repeat < 65_536) repeat *= 2;
  let smallBest = Infinity;
  let bigBest = Infinity;
  for (let round = 0; round < rounds; round++) {
    smallBest = Math.min(smallBest, time(small, factor * repeat));
    bigBest = Math.min(bigBest, time(big, repeat));
  }
  const ratio = bigBest / smallBest;
  if (process.env.GROWTH_DEBUG)
    console.log(`growth ${ratio.toFixed(2)} at ${size} (${smallBest.toFixed(1)} / ${bigBest.toFixed(1)} ms CPU)`);
  return ratio;
}

/** This process's CPU time (all its threads: a collector's helpers work for the code under test), in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Long enough for the CPU clock's resolution not to matter; only sets how often quick work repeats. */
const MEASURABLE_MS = 20;
