import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: [
      'test/unit/**/*.test.ts',
      'test/contract/**/*.test.ts',
      'test/examples/**/*.test.ts',
      'test/fidelity/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    // Generous: on a shared 2-core machine whose CPU is throttled, starting the CLI has taken over 10 s.
    testTimeout: 30_000,
    hookTimeout: 40_000,
    // The command's SMTP default (port 1025) off for every emulator a test spawns with this environment: parallel
    // test files would compete for the port. The SMTP tests ask for a port of their own (--smtp-port 0).
    env: { MAILCOACH_EMULATOR_SMTP_PORT: 'off' },
  },
});
