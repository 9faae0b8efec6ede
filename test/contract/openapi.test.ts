/**
 * The OpenAPI document of /_emulator: a well-formed 3.1 document, naming every route of server/emulator/README.md
 * and every route the app registers under /_emulator (and nothing the app does not serve), and served as is.
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

/**
 * A small JSON Schema check, enough for this document: type (or a list of types), const, enum, properties,
 * required, additionalProperties, items, oneOf/anyOf and $ref. Answers the problems found, with their paths.
 */
function check(value: unknown, schema: Record<string, unknown>, at = '$'): string[] {
  if (typeof schema.$ref === 'string') return check(value, resolvePointer(schema.$ref) as Record<string, unknown>, at);
  const problems: string[] = [];
  const types = schema.type === undefined ? null : ([] as string[]).concat(schema.type as string | string[]);
  if (types !== null && !types.some((type) => isType(value, type))) return [`${at}: ${JSON.stringify(value)} is not ${types.join(' or ')}`];
  if ('const' in schema && value !== schema.const) problems.push(`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key] as Array<Record<string, unknown>> | undefined;
    if (options === undefined) continue;
    const passing = options.filter((option) => check(value, option, at).length === 0).length;
    if (key === 'oneOf' ? passing !== 1 : passing === 0) problems.push(`${at}: matches ${passing} of the ${key} schemas`);
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in object)) problems.push(`${at}: missing ${key}`);
    for (const [key, inner] of Object.entries(object)) {
      if (properties[key] !== undefined) problems.push(...check(inner, properties[key], `${at}.${key}`));
      else if (schema.additionalProperties === false || (schema.properties !== undefined && schema.additionalProperties === undefined)) {
        problems.push(`${at}: ${key} is not documented`);
      }
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, index) => problems.push(...check(item, schema.items as Record<string, unknown>, `${at}[${index}]`)));
  }
  return problems;
}

function isType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null': return value === null;
    case 'array': return Array.isArray(value);
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer': return Number.isInteger(value);
    case 'number': return typeof value === 'number';
    default: return typeof value === type;
  }
}

/** The schema of an operation's answer with this status (JSON). */
function responseSchema(path: string, method: string, status: number): Record<string, unknown> {
  let response = (doc.paths[path]?.[method]?.responses as Record<string, Record<string, unknown>> | undefined)?.[String(status)];
  if (response === undefined) throw new Error(`${method} ${path} documents no ${status}`);
  if (typeof response.$ref === 'string') response = resolvePointer(response.$ref) as Record<string, unknown>;
  const content = response.content as Record<string, { schema: Record<string, unknown> }>;
  return content['application/json']!.schema;
}

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

describe('the answers match the documented schemas', () => {
  const emulator = useEmulator();
  const api = () => apiClient(emulator().url, emulator().token);
  const conforms = (value: unknown, path: string, method: string, status: number) =>
    expect(check(value, responseSchema(path, method, status)), `${method} ${path} ${status}`).toEqual([]);

  it('messages, a full message, wait-for and its timeout', async () => {
    const sent = await api().post('/api/transactional-mails/send', {
      json: {
        from: 'Acme <noreply@acme.example>', to: 'Joan Doe <joan@example.com>', cc: 'cc@example.com', bcc: 'audit@example.com',
        reply_to: 'help@acme.example', subject: 'Your code', html: '<p>Code <b>482913</b>, <a href="https://acme.example/x">go</a></p>',
        attachments: [{ name: 'a.txt', content: Buffer.from('hello').toString('base64'), content_type: 'text/plain' }],
      },
    });
    expect(sent.status).toBe(200);
    const list = await api().get('/_emulator/messages?per_page=5');
    expect(list.status).toBe(200);
    conforms(list.json(), '/_emulator/messages', 'get', 200);
    const uuid = list.json().data[0].uuid as string;
    const full = await api().get(`/_emulator/messages/${uuid}`);
    conforms(full.json(), '/_emulator/messages/{uuid}', 'get', 200);
    expect(full.json()).toMatchObject({ codes: ['482913'], links: ['https://acme.example/x'] });
    const waited = await api().get('/_emulator/wait-for?query=to:joan@example.com');
    conforms(waited.json(), '/_emulator/wait-for', 'get', 200);
    const timedOut = await api().get('/_emulator/wait-for?query=to:nobody@example.com&timeout_ms=10');
    expect(timedOut.status).toBe(408);
    conforms(timedOut.json(), '/_emulator/wait-for', 'get', 408);
    const bad = await api().get('/_emulator/messages?query=%22unclosed');
    expect(bad.status).toBe(422);
    conforms(bad.json(), '/_emulator/messages', 'get', 422);
    const missing = await api().get('/_emulator/messages/00000000-0000-4000-8000-00000000ffff');
    expect(missing.status).toBe(404);
    conforms(missing.json(), '/_emulator/messages/{uuid}', 'get', 404);
  });

  it('controls: clock, seed, faults, simulations', async () => {
    conforms((await api().get('/_emulator/clock')).json(), '/_emulator/clock', 'get', 200);
    conforms((await api().post('/_emulator/clock', { json: { advance_ms: 1 } })).json(), '/_emulator/clock', 'post', 200);
    const seeded = await api().post('/_emulator/seed', { json: { suppressions: [{ email: 'seeded@example.com' }] } });
    conforms(seeded.json(), '/_emulator/seed', 'post', 200);
    const rule = await api().post('/_emulator/faults', { json: { route: '/api/sends', status: 500, times: 1 } });
    expect(rule.status).toBe(201);
    conforms(rule.json(), '/_emulator/faults', 'post', 201);
    conforms((await api().get('/_emulator/faults')).json(), '/_emulator/faults', 'get', 200);
    await api().delete('/_emulator/faults');
    const bounce = await api().post('/_emulator/simulate/bounce', { json: { email: 'gone@example.com' } });
    conforms(bounce.json(), '/_emulator/simulate/bounce', 'post', 200);
    const soft = await api().post('/_emulator/simulate/soft-bounce', { json: { email: 'soft@example.com' } });
    conforms(soft.json(), '/_emulator/simulate/soft-bounce', 'post', 200);
    await api().post('/api/transactional-mails/send', { json: { from: 'a@acme.example', to: 'open@example.com', subject: 'S', text: 'T' } });
    const [summary] = (await api().get('/_emulator/messages?query=to:open@example.com')).json().data;
    const opened = await api().post('/_emulator/simulate/open', { json: { send_uuid: summary.send_uuid } });
    expect(opened.status).toBe(200);
    conforms(opened.json(), '/_emulator/simulate/open', 'post', 200);
  });
});
