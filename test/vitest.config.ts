import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** A test that measures time or memory (a growth ratio, a latency bound, a peak RSS) is named `*.slow.test.ts`. */
const SLOW = '**/*.slow.test.ts';
/** The files that run the build (dist/): the contract tests spawn its command, the examples import its toolkit. */
const RUNS_THE_BUILD = ['test/contract/**/*.test.ts', 'test/examples/**/*.test.ts', 'test/fidelity/pipeline.test.ts'];

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    pool: 'forks',
    // Bounds for a hang, not for speed: on the shared 2-core machine at a load average of 15-20, starting the CLI has
    // taken over 10 s, and the property tests that are pure CPU (mime-direct's 4,000 random mails, send-fast-paths,
    // linear-time's deep nesting) 36-137 s, where 30 s failed them.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // The command's SMTP default (port 1025) off for every emulator a test spawns with this environment: parallel
    // test files would compete for the port. The SMTP tests ask for a port of their own (--smtp-port 0).
    env: { MAILCOACH_EMULATOR_SMTP_PORT: 'off' },
    // Two files at a time (Vitest's default is one fewer than the cores: a single file on 2 cores). A contract
    // test's file mostly waits for the emulator it spawned, which works in a process of its own.
    maxWorkers: 2,
    // A test whose assertions never ran (a loop over nothing, a callback never called) fails instead of passing.
    expect: { requireAssertions: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/fidelity/**/*.test.ts'],
          exclude: [SLOW, ...RUNS_THE_BUILD],
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: RUNS_THE_BUILD,
          exclude: [SLOW],
          // Refuses to run against a build older than the sources, which would test the previous code.
          globalSetup: ['test/support/fresh-build.ts'],
        },
      },
      {
        // After the others, one file at a time: what these measure is the code's, not the neighbours' load.
        extends: true,
        test: {
          name: 'slow',
          include: [`test/{unit,contract}/${SLOW}`],
          globalSetup: ['test/support/fresh-build.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
        },
      },
    ],
  },
});
