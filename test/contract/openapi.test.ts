/**
 * The OpenAPI document of /_emulator: a well-formed 3.1 document, naming every route of server/emulator/README.md
 * (and the README naming every operation of it) and every route the app registers under /_emulator (and nothing
 * the app does not serve), and served as is. The README's field lists agree with it: the keys its tables name
 * exist, an answer it spells out (`200 {"a", "b"}`) has all the document's fields, and its paragraphs on a
 * summary, a full message and a template list exactly the document's fields. Answers are checked against the
 * document in openapi-answers.test.ts, the typed client in openapi-client-types.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/openapi/document.js';
import { useEmulator, ROOT } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import { inProcessApp } from '../support/in-process.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const doc = openApiDocument as unknown as {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { responses?: Record<string, unknown>; parameters?: Array<{ name: string; in: string }> }>
  >;
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

const README = () => readFileSync(join(ROOT, 'server/emulator/README.md'), 'utf8');

/** The rows of the README's endpoint tables: their operations ("METHOD /_emulator/path"; a cell may list several) and answer cell. */
function readmeRows(): Array<{ operations: string[]; answer: string }> {
  const rows: Array<{ operations: string[]; answer: string }> = [];
  for (const line of README().split('\n')) {
    const match = /^\|\s*([A-Z, ]+?)\s*\|\s*(`[^|]+)\|(.*)\|\s*$/.exec(line);
    if (match === null) continue;
    const methods = match[1]!.split(',').map((m) => m.trim());
    const paths = [...match[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.split('?')[0]!);
    rows.push({
      operations: methods.flatMap((method) => paths.map((path) => `${method} /_emulator${path}`)),
      answer: match[3]!,
    });
  }
  return rows;
}

/** "METHOD /_emulator/path" for every row of the README's endpoint tables. */
function readmeOperations(): Set<string> {
  return new Set(readmeRows().flatMap((row) => row.operations));
}

/** Every property name in a schema, at any depth, through $refs. */
function propertyNames(schema: unknown, seen = new Set<unknown>()): Set<string> {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const node = value as Record<string, unknown>;
    if (typeof node.$ref === 'string') walk(resolvePointer(node.$ref));
    if (node.properties !== undefined) for (const key of Object.keys(node.properties as object)) names.add(key);
    for (const inner of Object.values(node)) walk(inner);
  };
  walk(schema);
  return names;
}

/**
 * The fields a README paragraph lists in backticks outside parentheses ("`uuid, message_id, from {name, email}`"),
 * with the fields of a nested `{...}` / `[{...}]` under their parent's name.
 */
function listedFields(paragraph: string): { fields: Set<string>; nested: Map<string, Set<string>> } {
  let text = paragraph;
  while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, '');
  const fields = new Set<string>();
  const nested = new Map<string, Set<string>>();
  for (const [, code] of text.matchAll(/`([^`]+)`/g)) {
    for (const [, parent, inner] of code!.matchAll(/([a-z_]+) \[?\{([^}]*)\}\]?/g))
      nested.set(parent!, new Set(inner!.split(',').map((f) => f.trim())));
    for (const item of code!.replace(/\[[^\]]*\]|\{[^}]*\}/g, '').split(',')) {
      const name = item.trim();
      if (/^[a-z_]+$/.test(name)) fields.add(name);
    }
  }
  return { fields, nested };
}

/** The quoted keys at the top level of the `{...}` that `text` starts with. */
function topLevelKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      if (--depth === 0) break;
    } else if (char === '"') {
      const end = text.indexOf('"', i + 1);
      const word = text.slice(i + 1, end);
      // A key, not a value: not after a colon.
      if (depth === 1 && /^[a-z_]+$/.test(word) && !/:\s*$/.test(text.slice(0, i))) keys.push(word);
      i = end;
    }
  }
  return keys;
}

/** The paragraph of the README that starts with `start`, up to the next blank line (or to `until`, included). */
function paragraph(start: string, until = '\n\n'): string {
  const readme = README();
  const at = readme.indexOf(`\n${start}`);
  if (at === -1) throw new Error(`The README has no paragraph starting ${start}`);
  const end = readme.indexOf(until, at + 1);
  return readme.slice(at + 1, end === -1 ? undefined : end + until.trim().length);
}

/** A schema's own properties, through a $ref, an array's items and the non-null choice of a oneOf. */
function ownProperties(schema: unknown): string[] {
  let node = schema as Record<string, unknown> | undefined;
  for (let i = 0; i < 5 && node !== undefined; i++) {
    if (typeof node.$ref === 'string') node = resolvePointer(node.$ref) as Record<string, unknown>;
    else if (node.items !== undefined) node = node.items as Record<string, unknown>;
    else if (Array.isArray(node.oneOf))
      node = (node.oneOf as Array<Record<string, unknown>>).find((option) => option.type !== 'null');
    else break;
  }
  return Object.keys((node?.properties ?? {}) as object);
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
  for (const part of pointer.slice(2).split('/'))
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
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
        const declared = (operation.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
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

  it('is what the other READMEs mean when they name an /_emulator operation ("POST /_emulator/simulate/open|click")', () => {
    const shape = (operation: string) => operation.replace(/\{[^}]*\}/g, '{}');
    const documented = new Set([...documentedOperations()].map(shape));
    const problems: string[] = [];
    for (const file of ['README.md', 'server/emulator/README.md', 'fixtures/README.md']) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, method, path] of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/_emulator\/[^\s`),;]*)/g)) {
        const [head, alternatives] = /^(.*\/)([^/]*)$/.exec(path!)!.slice(1) as [string, string];
        for (const last of alternatives.split('|')) {
          if (!documented.has(shape(`${method} ${head}${last}`))) problems.push(`${file}: ${method} ${head}${last}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("names in server/emulator/README.md's tables only fields the document has for that operation", () => {
    const problems: string[] = [];
    for (const { operations, answer } of readmeRows()) {
      const keys = [...answer.matchAll(/(?<!:\s*)"([a-z_][a-z0-9_]*)"(?=\??\s*[:,}\]])/g)].map((m) => m[1]!);
      if (keys.length === 0) continue;
      const known = new Set<string>();
      let json = false;
      for (const operation of operations) {
        const [method, path] = operation.split(' ') as [string, string];
        const documented = doc.paths[path]?.[method.toLowerCase()] as
          | { requestBody?: unknown; responses?: Record<string, { content?: object }> }
          | undefined;
        json ||=
          documented?.requestBody !== undefined ||
          Object.entries(documented?.responses ?? {}).some(
            ([status, response]) => status.startsWith('2') && 'application/json' in (response.content ?? {}),
          );
        for (const name of propertyNames(documented)) known.add(name);
      }
      // An answer that is not JSON (the event stream): its payloads are not in the document.
      if (!json) continue;
      for (const key of keys) if (!known.has(key)) problems.push(`${operations.join(', ')}: "${key}"`);
    }
    expect(problems).toEqual([]);
  });

  it("gives in server/emulator/README.md's tables every field of an answer it spells out (`{...}` first in the cell; for a body, only its fields)", () => {
    const problems: string[] = [];
    const checkAnswer = (operation: string, status: string, keys: string[]) => {
      const [method, path] = operation.split(' ') as [string, string];
      const responses = (doc.paths[path]?.[method.toLowerCase()]?.responses ?? {}) as Record<
        string,
        { $ref?: string; content?: Record<string, { schema: unknown }> }
      >;
      let response = responses[status];
      if (typeof response?.$ref === 'string') response = resolvePointer(response.$ref) as typeof response;
      const documented = ownProperties(response?.content?.['application/json']?.schema).sort();
      if (JSON.stringify([...keys].sort()) !== JSON.stringify(documented))
        problems.push(`${operation} ${status}: README ${keys.join(', ')}; document ${documented.join(', ')}`);
    };
    for (const { operations, answer } of readmeRows()) {
      // "200 `{...}`" anywhere in the cell: that answer, whole.
      for (const found of answer.matchAll(/(?:^|[\s(;])(\d{3}) `\{/g)) {
        const keys = topLevelKeys(answer.slice(found.index + found[0].length - 1));
        for (const operation of operations) checkAnswer(operation, found[1]!, keys);
      }
      const match = /^\s*(?:(\d{3}) )?`\{/.exec(answer);
      if (match === null || match[1] !== undefined) continue;
      const keys = topLevelKeys(answer.slice(answer.indexOf('{')));
      for (const operation of operations) {
        const [method, path] = operation.split(' ') as [string, string];
        const documentedOperation = doc.paths[path]?.[method.toLowerCase()] as
          | { requestBody?: { content: Record<string, { schema: unknown }> } }
          | undefined;
        const body = documentedOperation?.requestBody?.content['application/json']?.schema;
        if (body !== undefined) {
          // A request body (the cell may show one of several forms): only fields it has.
          const fields = ownProperties(body);
          const unknown = keys.filter((key) => !fields.includes(key));
          if (unknown.length > 0)
            problems.push(`${operation} body: README ${unknown.join(', ')}; document ${fields.join(', ')}`);
          continue;
        }
        const responses = (doc.paths[path]?.[method.toLowerCase()]?.responses ?? {}) as Record<
          string,
          { content?: object }
        >;
        const status = Object.keys(responses).find(
          (code) => code.startsWith('2') && 'application/json' in (responses[code]!.content ?? {}),
        );
        checkAnswer(operation, status ?? '2xx', keys);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lists in server/emulator/README.md's paragraphs the fields of a summary, a message and a template, as the document does", () => {
    const schemas = doc.components.schemas as Record<string, unknown>;
    const check = (start: string, schema: unknown, base: string[] = [], until?: string) => {
      const { fields, nested } = listedFields(paragraph(start, until));
      expect([...new Set([...base, ...fields])].sort(), start).toEqual(ownProperties(schema).sort());
      const properties = (schema as { properties: Record<string, unknown> }).properties;
      for (const [parent, inner] of nested)
        expect([...inner].sort(), `${start} ${parent}`).toEqual(ownProperties(properties[parent]).sort());
    };
    check('**Summary**:', schemas.MessageSummary);
    check('**Full message**:', schemas.Message, ownProperties(schemas.MessageSummary));
    // The template's fields are its first sentence; the rest of the paragraph names values.
    check('A template:', schemas.StudioTemplate, [], '`.');
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
