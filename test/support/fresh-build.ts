/**
 * Vitest's globalSetup for the tests that run the build (test/vitest.config.ts): they refuse to start when dist/ is
 * older than its sources, instead of silently testing the previous build.
 */
import { BUNDLE, staleBuilds, WEB_UI } from './build-freshness.js';

export default function refuseAStaleBuild(): void {
  const stale = staleBuilds([BUNDLE, WEB_UI]);
  if (stale !== null) throw new Error(`These tests run the build in dist/, which is stale. ${stale}`);
}
