/** spatie/laravel-query-builder's `include` for the tag and segment lists (docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags). */
import { badRequest } from '../errors.js';

/** The relation and the two variants the query builder allows with it by itself. */
const INCLUDES = ['emailList', 'emailListCount', 'emailListExists'];

/** `include=emailList` (comma list); anything else is the query builder's 400. */
export function readIncludes(include: unknown): boolean {
  if (include === undefined || include === null || include === '') return false;
  const names = String(include)
    .split(',')
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !INCLUDES.includes(name));
  if (unknown.length > 0) {
    throw badRequest(
      `Requested include(s) \`${unknown.join(', ')}\` are not allowed. Allowed include(s) are \`${INCLUDES.join(', ')}\`.`,
    );
  }
  return names.includes('emailList');
}
