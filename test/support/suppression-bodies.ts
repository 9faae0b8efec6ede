/**
 * The exact bodies /api/suppressions answers (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats,
 * docs/spec/mailcoach-reference.md#2-suppressions), for suppressions.test.ts and suppression-errors.test.ts: the
 * rows of test/fixtures/suppressions.json, the list envelope, and the error texts.
 */
import { expect } from 'vitest';
import type { RawResponse } from './http.js';

export const JANE =
  '{"uuid":"4a1c2d9e-7b3f-4c11-9a55-0f2e6b1d8c70","email":"jane@example.com","reason":"manual","created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-02T10:15:00.000000Z"}';
export const BOUNCED =
  '{"uuid":"5b2d3e0f-8c4a-4d22-8b66-1a3f7c2e9d81","email":"bounced@example.com","reason":"hard_bounce","created_at":"2025-03-01T09:00:00.000000Z","updated_at":"2025-03-01T09:00:00.000000Z"}';
export const COMPLAINER =
  '{"uuid":"6c3e4f1a-9d5b-4e33-9c77-2b4a8d3f0e92","email":"complainer@example.org","reason":"spam_complaint","created_at":"2025-03-03T11:30:00.000000Z","updated_at":"2025-03-03T11:30:00.000000Z"}';

/** How the 404 of the implicit `suppression` binding reads: class, space, raw value, no full stop (pretty JSON). */
export const notFoundBody = (value: string) =>
  `{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\Audience\\\\Models\\\\Suppression] ${value}"\n}`;

export const requiredBody =
  '{"message":"The given data was invalid.","errors":{"email":["The email field is required."]}}';
export const invalidEmailBody =
  '{"message":"The given data was invalid.","errors":{"email":["The email field must be a valid email address."]}}';

/** PHP json_encode's default: every `/` written as `\/`. */
const escapeSlashes = (text: string) => text.replaceAll('/', '\\/');

/** The exact compact envelope of a list page, with links built from the host the client used. */
export function listBody(baseUrl: string, rows: string[], options: { page?: number; total?: number } = {}): string {
  const page = options.page ?? 1;
  const total = options.total ?? rows.length;
  const lastPage = Math.max(Math.ceil(total / 15), 1);
  const path = escapeSlashes(`${baseUrl}/api/suppressions`);
  const from = rows.length > 0 ? (page - 1) * 15 + 1 : null;
  const to = from === null ? null : from + rows.length - 1;
  const link = (n: number) => `"${path}?page=${n}"`;
  return (
    `{"data":[${rows.join(',')}],` +
    `"links":{"first":${link(1)},"last":${link(lastPage)},"prev":${page > 1 ? link(page - 1) : 'null'},"next":${page < lastPage ? link(page + 1) : 'null'}},` +
    `"meta":{"current_page":${page},"from":${from},"last_page":${lastPage},"path":"${path}","per_page":15,"to":${to},"total":${total}}}`
  );
}

export function expectJson(res: RawResponse, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.headers['cache-control']).toBe('no-cache, private');
}
