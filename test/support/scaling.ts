/**
 * "No quadratic blow-up" without a guess at the machine's speed: `growth` compares the work at size n, done
 * `factor` times, with the same work done once at size factor·n. Linear work costs the same both ways (growth
 * about 1; a little less, as the many small runs pay the per-call overhead more often); quadratic work costs
 * `factor` times more at the big size (16 for the default factor), and worse than that more. Each size is timed
 * in several interleaved rounds and the fastest run counts: a busy machine only ever adds time, so its pauses
 * fall out of the minimum, and a load that comes or goes mid-test slows both sides alike.
 *
 * LINEAR_GROWTH is the bound tests assert: a 4x-noisy machine leaves linear work well under it, and quadratic
 * work (16) over it by 3x. The small size should be big enough that a quadratic version's square term dominates
 * there already (a few thousand characters of the hostile shape at least).
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
 * min time(work(make(factor·n))) / min time(factor x work(make(n))). Work too quick for the clock to see is
 * repeated the same number of times on both sides until the small side takes MEASURABLE_MS.
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
    const started = performance.now();
    for (let i = 0; i < runs; i++) work(input);
    return performance.now() - started;
  };
  let repeat = 1;
  while (time(small, factor * repeat) < MEASURABLE_MS && repeat < 65_536) repeat *= 2; // also warms up
  let smallBest = Infinity;
  let bigBest = Infinity;
  for (let round = 0; round < rounds; round++) {
    smallBest = Math.min(smallBest, time(small, factor * repeat));
    bigBest = Math.min(bigBest, time(big, repeat));
  }
  return report(size, smallBest, bigBest);
}

/** Long enough for the clock's resolution and a timer tick not to matter; only sets how often quick work repeats. */
const MEASURABLE_MS = 20;

function report(size: number, smallBest: number, bigBest: number): number {
  const ratio = bigBest / smallBest;
  if (process.env.GROWTH_DEBUG)
    console.log(`growth ${ratio.toFixed(2)} at ${size} (${smallBest.toFixed(1)} / ${bigBest.toFixed(1)} ms)`);
  return ratio;
}
