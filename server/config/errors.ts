/** The errors a bad option stops the command with, and the exit code each gets (README "Options"). */

export class ConfigError extends Error {}

/**
 * A --fixtures path that is not a directory: the value is a well-formed option, what it names is the problem, so
 * the command exits 1 for it as for fixtures that do not load (README "Options"), not 2 as for a bad option.
 */
export class FixturesPathError extends ConfigError {}

/** The command's exit code for an error that stops it: 2 for a bad option, 1 for the fixtures and anything else. */
export function exitCodeFor(error: unknown): 1 | 2 {
  return error instanceof ConfigError && !(error instanceof FixturesPathError) ? 2 : 1;
}
