/**
 * Interactive docs of /_emulator at GET /_emulator/docs: Swagger UI on our own OpenAPI document
 * (GET /_emulator/openapi.json), with "Try it out" sending real requests to this emulator.
 * - Offline: Swagger UI's bundle and stylesheet (the swagger-ui-dist package, a devDependency) are copied into
 *   dist/api-docs by `npm run build` (esbuild.config.mjs), with their licence, and served from here; nothing comes
 *   from a CDN. A run from the sources (tsx) without a build reads them from node_modules.
 * - Its own Content-Security-Policy, as strict as the UI's: scripts and styles of our origin only (the page has
 *   no inline script or style: the set-up is /_emulator/docs/docs.js), no eval, images of our origin or data:
 *   (Swagger UI's icons), requests to our origin only (`connect-src 'self'`).
 * - Like the UI's static files, the page and its assets hold no data and need no token (they are answered before
 *   the workspace middleware); the Host check against DNS rebinding applies as to all of /_emulator. "Try it out"
 *   requests are same-origin, so they pass the CSRF check (their Origin is ours) and get no CORS exemption; they
 *   carry the token the UI's tab holds (sessionStorage), or the one given with Swagger UI's "Authorize".
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from 'hono';
import { packageRoot } from '../config.js';

export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mailcoach-emulator: API docs</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/_emulator/docs/swagger-ui.css">
<link rel="stylesheet" href="/_emulator/docs/docs.css">
</head>
<body>
<nav class="docs-nav"><a href="/">mailcoach-emulator</a> <span>API docs of <code>/_emulator</code></span> <a href="/_emulator/openapi.json">openapi.json</a></nav>
<div id="swagger-ui"></div>
<script src="/_emulator/docs/swagger-ui-bundle.js"></script>
<script src="/_emulator/docs/docs.js"></script>
</body>
</html>
`;

/**
 * Swagger UI's set-up: our document, no remote validator badge, the tab's token on every request, and the theme
 * the UI's header chose (web/src/theme.ts keeps it in localStorage), as the UI applies it: data-theme on <html>.
 */
const SETUP = `// The API docs page (server/http/api-docs.ts).
(function () {
  try {
    var theme = window.localStorage.getItem('mailcoach-emulator.theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
  } catch (error) {
    // No storage (a sandboxed or private context): the system's scheme decides.
  }
  var token = null;
  try {
    token = window.sessionStorage.getItem('mailcoach-emulator.token');
  } catch (error) {
    token = null;
  }
  window.ui = window.SwaggerUIBundle({
    url: '/_emulator/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    requestInterceptor: function (request) {
      if (token && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + token;
      return request;
    },
  });
})();
`;

/**
 * Swagger UI has light colours only: in dark mode (the UI's choice, else the system's) the page is inverted with
 * its hues turned back, the usual dark rendering of Swagger UI, so the docs follow the UI's theme.
 */
const STYLE = `.docs-nav { display: flex; gap: 1rem; align-items: baseline; padding: 0.75rem 1.25rem; font-family: sans-serif; border-bottom: 1px solid #d0d7de; }
.docs-nav a { color: #0969da; }
.docs-nav span { flex: 1; color: #57606a; }
html { background: #fff; }
html[data-theme='dark'] { filter: invert(0.9) hue-rotate(180deg); }
@media (prefers-color-scheme: dark) {
  html:not([data-theme='light']) { filter: invert(0.9) hue-rotate(180deg); }
}
`;

interface Asset {
  body: string | Uint8Array<ArrayBuffer>;
  type: string;
}

const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

/** Where Swagger UI's files are: the build's copy, else (running from the sources) the package. */
function swaggerUiDir(root = packageRoot()): string {
  const built = resolve(root, 'dist', 'api-docs');
  return existsSync(built) ? built : resolve(root, 'node_modules', 'swagger-ui-dist');
}

export function createApiDocs(dir = swaggerUiDir()) {
  const cache = new Map<string, Asset>();

  function asset(name: string): Asset | null {
    const known = cache.get(name);
    if (known !== undefined) return known;
    let found: Asset | null = null;
    if (name === 'docs.js') found = { body: SETUP, type: 'text/javascript; charset=utf-8' };
    else if (name === 'docs.css') found = { body: STYLE, type: 'text/css; charset=utf-8' };
    else if (SWAGGER_FILES[name] !== undefined) {
      const path = resolve(dir, name);
      if (!existsSync(path)) return null;
      const bytes = readFileSync(path);
      found = {
        body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length),
        type: SWAGGER_FILES[name],
      };
    }
    if (found !== null) cache.set(name, found);
    return found;
  }

  return {
    page(c: Context): Response {
      return c.html(PAGE, 200, {
        'cache-control': 'no-cache',
        'content-security-policy': API_DOCS_CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
    },
    /** One of the page's files; null for no such file (the caller answers 404). */
    file(c: Context, name: string): Response | null {
      const found = asset(name);
      if (found === null) return null;
      return c.body(found.body, 200, {
        'content-type': found.type,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
    },
  };
}
