/**
 * The answers test's table of calls (test/support/openapi-calls.ts) covers the OpenAPI document: it names every
 * operation of the document and every route the app registers under /_emulator, so that a new route without a case
 * fails; and the document is one the test can check strictly (path parameters declared, no allOf).
 */
import { describe, expect, it } from 'vitest';
import { CALLS } from '../support/openapi-calls.js';
import { doc, documentedOperations, METHODS, registeredOperations } from '../support/openapi-strict.js';

describe('the table of calls', () => {
  it('names every operation of the document, once', () => {
    const named = CALLS.map(([operation]) => operation);
    expect(new Set(named).size).toBe(named.length);
    expect([...documentedOperations()].sort()).toEqual([...named].sort());
  });

  it('names every route the app registers under /_emulator', () => {
    const named = new Set(CALLS.map(([operation]) => operation));
    expect(registeredOperations().filter((operation) => !named.has(operation))).toEqual([]);
  });

  it('declares every path parameter of a path, and no other', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const method of METHODS) {
        const parameters = (item[method] as { parameters?: Array<{ in: string; name: string }> } | undefined)
          ?.parameters;
        if (item[method] === undefined) continue;
        const declared = (parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(declared, `${method} ${path}`).toEqual(inPath);
      }
    }
  });

  it('finds no allOf in the document (objects are spelled out whole, so that they can be checked strictly)', () => {
    const found: string[] = [];
    const walk = (value: unknown, at: string): void => {
      if (value === null || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'allOf') found.push(at);
        walk(inner, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(found).toEqual([]);
  });
});
