/**
 * The UI's browser tests (test/browser): Debian's Chromium, driven by @playwright/test (browsers cannot be
 * downloaded on these machines: test/browser/chromium.sh installs the distribution's). Each test starts its own
 * emulator in-process (test/browser/fixtures.ts), on a free port with an in-memory database.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/browser',
  testMatch: '*.spec.ts',
  // Refuses to run against a UI build older than web/: the tests would check the previous UI.
  globalSetup: './test/browser/fresh-build.ts',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: 'test-results/browser',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
});
