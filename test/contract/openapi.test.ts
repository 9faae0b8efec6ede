/**
 * The OpenAPI document of /_emulator: a well-formed 3.1 document, naming every route of server/emulator/README.md
 * (and the README naming every operation of it) and every route the app registers under /_emulator (and nothing
 * the app does not serve), and served as is. Its answers' schemas are checked in openapi-answers.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/emulator/openapi.js';
import { useEmulator, ROOT } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import { inProcessApp } from '../support/in-process.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const doc = openApiDocument as unknown as {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; parameters?: Array<{ name: string; in: string }> }>>;
  components: Record<string, Record<string, unknown>>;
};

/** "METHOD /path" for every operation of the document. */
function documentedOperations(): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) if (item[method] !== undefined) operations.add(`${method.toUpperCase()} ${path}`);
  }
  return operations;
}

/** "METHOD /_emulator/path" for every row of the README's endpoint tables (a cell may list several paths). */
function readmeOperations(): Set<string> {
  const readme = readFileSync(join(ROOT, 'server/emulator/README.md'), 'utf8');
  const operations = new Set<string>();
  for (const line of readme.split('\n')) {
    const match = /^\|\s*([A-Z, ]+?)\s*\|\s*(`[^|]+)\|/.exec(line);
    if (match === null) continue;
    const methods = match[1]!.split(',').map((m) => m.trim());
    const paths = [...match[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.split('?')[0]!);
    for (const method of methods) for (const path of paths) operations.add(`${method} /_emulator${path}`);
  }
  return operations;
}

/** "METHOD /path" for every handler the Hono app registers under /_emulator (middleware left out). */
function registeredOperations(): Set<string> {
  const { app, close } = inProcessApp([]);
  try {
    const operations = new Set<string>();
    for (const route of app.routes) {
      if (!route.path.startsWith('/_emulator') || route.method === 'ALL') continue;
      // Hono writes parameters as :name or :name{regex}; OpenAPI as {name}.
      const path = route.path.replace(/:([A-Za-z_][\w]*)(\{[^}]*\})?/g, '{$1}').replace(/\/$/, '');
      operations.add(`${route.method} ${path}`);
    }
    return operations;
  } finally {
    close();
  }
}

/** Every `$ref` in the document, with where it was found. */
function refs(value: unknown, at = '#'): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => refs(item, `${at}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' ? [[String(inner), at] as [string, string]] : refs(inner, `${at}/${key}`),
  );
}

function resolvePointer(pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of pointer.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

describe('the OpenAPI document', () => {
  it('is a 3.1 document with info, paths and components', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(Object.keys(doc.components.schemas ?? {})).toEqual(
      expect.arrayContaining(['MessageSummary', 'Message', 'FaultRule', 'FaultRuleInput', 'Error', 'ValidationError']),
    );
  });

  it('names every path under /_emulator, each operation with responses', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/_emulator\//);
      const operations = METHODS.filter((method) => item[method] !== undefined);
      expect(operations.length, path).toBeGreaterThan(0);
      for (const method of operations) {
        expect(Object.keys(item[method]!.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  it('declares every path parameter of a path, and no other', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const method of METHODS) {
        const operation = item[method];
        if (operation === undefined) continue;
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
        expect(declared, `${method} ${path}`).toEqual(inPath);
      }
    }
  });

  it('resolves every $ref', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const [pointer, at] of all) expect(resolvePointer(pointer), `${pointer} at ${at}`).toBeDefined();
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('documents every route of server/emulator/README.md', () => {
    const readme = readmeOperations();
    expect(readme.size).toBeGreaterThan(15);
    const documented = documentedOperations();
    expect([...readme].filter((operation) => !documented.has(operation))).toEqual([]);
  });

  it('is documented in server/emulator/README.md: every operation has a row there', () => {
    const readme = readmeOperations();
    const undocumented = [...documentedOperations()].filter((operation) => !readme.has(operation));
    expect(undocumented).toEqual([]);
  });

  it('documents every route the app registers under /_emulator', () => {
    const registered = registeredOperations();
    const documented = documentedOperations();
    expect([...registered].filter((operation) => !documented.has(operation))).toEqual([]);
  });

  it('documents only routes the app serves', () => {
    const registered = registeredOperations();
    expect([...documentedOperations()].filter((operation) => !registered.has(operation))).toEqual([]);
  });
});

describe('GET /_emulator/openapi.json', () => {
  const emulator = useEmulator();

  it('serves the document as JSON, with or without a token', async () => {
    for (const token of [emulator().token, null]) {
      const response = await apiClient(emulator().url, emulator().token).get('/_emulator/openapi.json', { token });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(JSON.parse(JSON.stringify(doc)));
    }
  });

  it('refuses a token the emulator does not accept', async () => {
    const response = await apiClient(emulator().url, 'wrong-token').get('/_emulator/openapi.json');
    expect(response.status).toBe(401);
  });
});
