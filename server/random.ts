/** Owns randomness: the only module allowed to call Math.random (fault probabilities draw from here). */

/** Answers a number in [0, 1). */
export type RandomSource = () => number;

const systemRandom: RandomSource = () => Math.random();

/**
 * A reproducible sequence (mulberry32) from an integer seed, so that a probabilistic fault fires on the same
 * requests in every run.
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Parses a random specification: `system`, or `seed:<integer>`. */
export function parseRandomSpec(spec: string): RandomSource {
  if (spec === 'system') return systemRandom;
  const match = /^seed:(\d{1,10})$/.exec(spec);
  if (match?.[1] !== undefined) return seededRandom(Number(match[1]));
  throw new Error(`unknown random source "${spec}" (expected system or seed:<integer>)`);
}
