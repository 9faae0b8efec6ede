import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/unit/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/examples/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Generous: on a shared 2-core machine whose CPU is throttled, starting the CLI has taken over 10 s.
    testTimeout: 30_000,
    hookTimeout: 40_000,
  },
});
