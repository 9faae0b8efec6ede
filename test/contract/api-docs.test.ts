/**
 * GET /_emulator/docs (server/http/api-docs.ts): an HTML page with its own strict CSP, loading only same-origin
 * scripts and styles (no inline ones, no CDN), which are served; static like the UI's files (no token needed,
 * even beyond loopback), and still behind the Host check against DNS rebinding. The published package holds
 * the Swagger UI files it serves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DOCS_CONTENT_SECURITY_POLICY } from '../../server/http/api-docs.js';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';

/** The src and href attributes of the page's elements. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);
}

describe('GET /_emulator/docs', () => {
  const emulator = useEmulator();
  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(emulator().url, { path, headers: { accept: 'text/html', ...headers } });

  it('is an HTML page with its own strict Content-Security-Policy', async () => {
    const page = await get('/_emulator/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=UTF-8');
    const csp = page.headers['content-security-policy'];
    expect(csp).toBe(API_DOCS_CONTENT_SECURITY_POLICY);
    const directives = Object.fromEntries(
      csp!
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-(eval|inline)|https?:|\*/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('loads only same-origin files, none inline, and each is served', async () => {
    const page = await get('/_emulator/docs');
    expect(page.text).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    for (const script of page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(script[1]).toMatch(/\ssrc="/);
      expect(script[2]!.trim()).toBe('');
    }
    const files = references(page.text);
    expect(files).toEqual(
      expect.arrayContaining([
        '/_emulator/docs/swagger-ui-bundle.js',
        '/_emulator/docs/swagger-ui.css',
        '/_emulator/docs/docs.js',
      ]),
    );
    for (const file of files) {
      // Same origin: a path from the root, not a scheme-relative or absolute URL.
      expect(file).toMatch(/^\/(?!\/)/);
      const answer = await get(file, { accept: '*/*' });
      expect(answer.status, file).toBe(200);
    }
    const types = await Promise.all(
      ['swagger-ui-bundle.js', 'docs.js', 'swagger-ui.css', 'docs.css'].map(
        async (name) => (await get(`/_emulator/docs/${name}`, { accept: '*/*' })).headers['content-type'],
      ),
    );
    expect(types).toEqual([
      'text/javascript; charset=utf-8',
      'text/javascript; charset=utf-8',
      'text/css; charset=utf-8',
      'text/css; charset=utf-8',
    ]);
    const setup = await get('/_emulator/docs/docs.js', { accept: '*/*' });
    expect(setup.text).toContain("url: '/_emulator/openapi.json'");
    expect(setup.text).toContain('validatorUrl: null');
  });

  it('serves no other file', async () => {
    for (const path of [
      '/_emulator/docs/index.html',
      '/_emulator/docs/..%2Fpackage.json',
      '/_emulator/docs/swagger-ui-bundle.js.map',
    ]) {
      const answer = await get(path, { accept: 'application/json' });
      expect(answer.status, path).toBe(404);
    }
  });

  it('answers only this machine’s host names (DNS rebinding)', async () => {
    const answer = await get('/_emulator/docs', { host: 'evil.test' });
    expect(answer.status).toBe(403);
  });
});

describe('GET /_emulator/docs bound beyond loopback', () => {
  const emulator = useEmulator({ args: ['--host', '0.0.0.0'] });

  it('serves the page without a token (it holds no data), while the API still needs one', async () => {
    const url = emulator().url.replace('0.0.0.0', '127.0.0.1');
    const page = await rawRequest(url, {
      path: '/_emulator/docs',
      headers: { accept: 'text/html', host: 'mail.example.net' },
    });
    expect(page.status).toBe(200);
    const script = await rawRequest(url, {
      path: '/_emulator/docs/swagger-ui-bundle.js',
      headers: { host: 'mail.example.net' },
    });
    expect(script.status).toBe(200);
    const api = await rawRequest(url, {
      path: '/_emulator/openapi.json',
      headers: { accept: 'application/json', host: 'mail.example.net' },
    });
    expect(api.status).toBe(401);
  });
});

describe('the published package', () => {
  it('holds the Swagger UI files the docs serve, with their licence (package.json "files" has dist/api-docs)', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      files: string[];
      dependencies: Record<string, string>;
    };
    expect(manifest.files).toContain('dist/api-docs');
    // Copied at build time, so users install neither swagger-ui-dist nor its dependencies.
    expect(Object.keys(manifest.dependencies)).not.toContain('swagger-ui-dist');
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'])
      expect(existsSync(join(ROOT, 'dist/api-docs', file)), file).toBe(true);
  });

  it('and so does the container image (its runtime stage copies dist/ part by part)', () => {
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toMatch(
      /^COPY --from=build \/app\/dist\/api-docs \.\/dist\/api-docs$/m,
    );
  });
});
