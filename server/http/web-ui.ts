/**
 * The web UI: the Vite build in <package root>/dist/web (web/, `npm run build`), served at `/`.
 * - Hashed assets (`/assets/*`) are cached for a year: their names change with their content.
 * - `index.html` is never cached, so a new build is picked up on the next load; it is also the answer to any other
 *   `GET` that asks for HTML outside /api, /_emulator, /healthz and /login (the UI's own URLs, such as
 *   /messages/<uuid>, work on reload and as links).
 * - The pages send a strict Content-Security-Policy: scripts of our origin only, and frames of our origin only
 *   (the captured HTML, served with its own sandbox CSP by /_emulator/messages/{uuid}/html).
 * Files are read once and kept: the build is a few hundred kB.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { packageRoot } from '../config.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Paths the UI never answers, even for a browser asking for HTML: they belong to the APIs. */
const NOT_UI = /^\/(api|_emulator|healthz|login)(\/|$)/;

const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets style attributes; captured mail is not styled here (it is in its own frame).
  "style-src 'self' 'unsafe-inline'",
  // The studio previews a template in a srcdoc frame, which inherits this policy: a template's remote images
  // (a logo on a CDN) load there as they do in the inbox's frame (whose HTML route sets its own policy). No script
  // can run in either frame, so an image is all a captured mail can fetch.
  "img-src 'self' data: blob: https: http:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

interface WebFile {
  body: Uint8Array<ArrayBuffer>;
  type: string;
}

/** Where the build is; the same place whichever way the server runs (tsx, tsc output, the bundle). */
function webRoot(): string {
  return resolve(packageRoot(), 'dist', 'web');
}

export function createWebUi(root = webRoot()) {
  const files = new Map<string, WebFile | null>();

  function read(relative: string): WebFile | null {
    if (files.has(relative)) return files.get(relative) ?? null;
    const path = resolve(root, `.${relative}`);
    let file: WebFile | null = null;
    if ((path === root || path.startsWith(root + sep)) && existsSync(path) && !path.endsWith(sep)) {
      try {
        const bytes = readFileSync(path);
        file = {
          body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length),
          type: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
        };
      } catch {
        file = null;
      }
    }
    // Missing files are not remembered: a path is the client's to choose.
    if (file !== null) files.set(relative, file);
    return file;
  }

  function page(c: Context): Response {
    const index = read('/index.html');
    const headers = {
      'cache-control': 'no-cache',
      'content-security-policy': UI_CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    if (index === null) return c.html(NOT_BUILT, 200, headers);
    return c.body(index.body, 200, { ...headers, 'content-type': index.type });
  }

  return {
    /** The decoded path when a GET of it is the UI's to answer, else null (an API path, or no valid path). */
    pathOf(c: Context): string | null {
      const path = decodePath(new URL(c.req.url).pathname);
      return path === null || NOT_UI.test(path) ? null : path;
    },
    serve,
  };

  /** The answer for a GET of a UI path, or null for nothing there (the caller answers 404). */
  function serve(c: Context, path: string): Response | null {
    if (path === '/' || path === '/index.html') return page(c);
    if (path.startsWith('/assets/') || /^\/[^/]+\.[a-z0-9]+$/i.test(path)) {
      const file = read(path);
      if (file === null) return null;
      const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      return c.body(file.body, 200, {
        'content-type': file.type,
        'cache-control': cache,
        'x-content-type-options': 'nosniff',
      });
    }
    // Another URL of the UI (a permalink): its page, for browsers; other clients get the 404 an API would give.
    return (c.req.header('accept') ?? '').includes('text/html') ? page(c) : null;
  }
}

function decodePath(pathname: string): string | null {
  try {
    const path = decodeURIComponent(pathname);
    return path.includes('\0') || path.split('/').includes('..') ? null : path;
  } catch {
    return null;
  }
}

const NOT_BUILT = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>mailcoach-emulator</title></head>
<body>
<h1>mailcoach-emulator</h1>
<p>The web UI is not built. Run <code>npm run build</code> in the project, then reload this page.</p>
<p>The Mailcoach API is at <code>/api</code> and the emulator's own API at <code>/_emulator</code>.</p>
</body>
</html>
`;
