import { describe, expect, it } from 'vitest';
import { acceptableContentTypes, expectsJson } from '../../server/http/negotiation.js';

const wants = (headers: Record<string, string>) => expectsJson(new Headers(headers));

describe('expectsJson (Request::expectsJson)', () => {
  it.each([
    'application/json',
    'application/JSON',
    'application/json; charset=utf-8',
    'application/vnd.api+json',
    'application/problem+json',
    'application/json, text/plain, */*',
    'text/json',
  ])('is true when the first Accept type is %s', (accept) => {
    expect(wants({ accept })).toBe(true);
  });

  it.each(['*/*', 'text/html', 'text/html, application/json', 'application/xml', 'text/plain;q=1, application/json'])(
    'is false when the first Accept type is not JSON: %s',
    (accept) => {
      expect(wants({ accept })).toBe(false);
    },
  );

  it('is false without any Accept header', () => {
    expect(wants({})).toBe(false);
  });

  it('orders Accept types by quality before looking at the first', () => {
    expect(wants({ accept: 'text/html;q=0.5, application/json' })).toBe(true);
    expect(wants({ accept: 'application/json;q=0.9, text/html' })).toBe(false);
    expect(wants({ accept: 'text/html; q=0.1, application/json; q=0.8' })).toBe(true);
  });

  it('keeps header order between types of equal quality', () => {
    expect(wants({ accept: 'application/json;q=0.5, text/html;q=0.5' })).toBe(true);
    expect(wants({ accept: 'text/html;q=0.5, application/json;q=0.5' })).toBe(false);
  });

  it('does not count Content-Type: application/json', () => {
    expect(wants({ 'content-type': 'application/json' })).toBe(false);
    expect(wants({ 'content-type': 'application/json', accept: '*/*' })).toBe(false);
  });

  it('is true for an XMLHttpRequest without Accept or with */*', () => {
    expect(wants({ 'x-requested-with': 'XMLHttpRequest' })).toBe(true);
    expect(wants({ 'x-requested-with': 'XMLHttpRequest', accept: '*/*' })).toBe(true);
    expect(wants({ 'x-requested-with': 'XMLHttpRequest', accept: '*' })).toBe(true);
  });

  it('is false for an XMLHttpRequest whose first Accept type is something specific', () => {
    expect(wants({ 'x-requested-with': 'XMLHttpRequest', accept: 'text/html' })).toBe(false);
    expect(wants({ 'x-requested-with': 'XMLHttpRequest', accept: 'text/html, */*' })).toBe(false);
  });

  it('compares X-Requested-With exactly, as Symfony does', () => {
    expect(wants({ 'x-requested-with': 'xmlhttprequest' })).toBe(false);
    expect(wants({ 'x-requested-with': 'fetch' })).toBe(false);
  });
});

describe('acceptableContentTypes', () => {
  it('returns the types by descending quality, then position, without parameters', () => {
    expect(acceptableContentTypes('text/html;level=1, application/json;q=0.9, */*;q=0.1, text/plain')).toEqual([
      'text/html',
      'text/plain',
      'application/json',
      '*/*',
    ]);
  });

  it('returns nothing for a missing or blank header', () => {
    expect(acceptableContentTypes(null)).toEqual([]);
    expect(acceptableContentTypes('  ')).toEqual([]);
  });

  it('skips empty items', () => {
    expect(acceptableContentTypes('application/json,, ,text/html')).toEqual(['application/json', 'text/html']);
  });
});
