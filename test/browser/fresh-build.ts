/**
 * Playwright's globalSetup (playwright.config.ts): the browser tests run the server from its sources, but the UI
 * it serves is the Vite build in dist/web; they refuse to start when that build is older than web/.
 */
import { staleBuilds, WEB_UI } from '../support/build-freshness.js';

export default function refuseAStaleBuild(): void {
  const stale = staleBuilds([WEB_UI]);
  if (stale !== null) throw new Error(`The browser tests load the UI's build in dist/web, which is stale. ${stale}`);
}
