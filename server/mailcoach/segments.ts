/**
 * /api/email-lists/{emailList}/segments: index, show, store, update (PUT and PATCH), destroy. Mirrors
 * SegmentsController, SegmentsQuery and TagSegmentRequest (v8; docs/spec/mailcoach-audience-campaigns.md#4-segments-apiemail-listsuuidsegments). Create and
 * update rebuild the conditions from the request: omitted tag lists become empty. Not scoped to the list, as in v8.
 */
import { Hono, type Context } from 'hono';
import { createSegment, deleteSegment, updateSegment } from '../audience/email-lists.js';
import type { AppDeps } from '../deps.js';
import type { EmailListRow, SegmentCondition } from '../db/rows.js';
import type { AppEnv } from '../http/env.js';
import type { Input } from '../validation/input.js';
import { laravelJson, noContent } from '../http/respond.js';
import { toEpochSeconds } from '../instant.js';
import { urlDecode } from '../http/url-decode.js';
import { array, boolean, nullable, oneOf, required } from '../validation/laravel-rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { emailListResource, segmentResource } from './resources/audience.js';
import { findEmailList, findSegment } from './bindings.js';
import { readIncludes } from './includes.js';
import { respondWithIndex } from '../http/listing.js';

/** TagSegmentRequest: the tag names must be this list's, exactly (the `in` rule). */
function segmentRules(tagNames: string[]): RuleSet {
  return [
    ['name', [required]],
    ['all_positive_tags_required', [boolean]],
    ['all_negative_tags_required', [boolean]],
    ['positive_tags', [nullable, array]],
    ['positive_tags.*', [oneOf(tagNames)]],
    ['negative_tags', [nullable, array]],
    ['negative_tags.*', [oneOf(tagNames)]],
  ];
}

export function segmentRoutes(deps: AppDeps) {
  const segments = deps.store.segments;
  const write = (c: Context<AppEnv>, list: EmailListRow) => {
    const input = c.get('input');
    const tags = deps.store.tags.ofList(list.id);
    validate(input, segmentRules(tags.map((tag) => tag.name)));
    return {
      name: String(input.name),
      stored_conditions: JSON.stringify(conditions(input, tags)),
      updated_at: toEpochSeconds(deps.clock()),
    };
  };

  return new Hono<AppEnv>()
    .get('/:emailList/segments', (c) => {
      const list = findEmailList(deps, c);
      const listResource = readIncludes(c.get('input').include)
        ? emailListResource(list, deps.store.emailLists.activeSubscribersCount(list.id))
        : undefined;
      return respondWithIndex(c, {
        query: { allowedSorts: ['name', 'created_at'], allowedFilters: ['search'], defaultSort: ['name'] },
        sortColumns: { name: 'name', created_at: 'created_at', id: 'id' },
        filters: ({ filters }) => filters.search?.map(urlDecode),
        list: (workspaceId, search, sort, window) => segments.list(workspaceId, list.id, search, sort, window),
        present: (row) => segmentResource(row, list.uuid, listResource),
      });
    })
    .post('/:emailList/segments', (c) => {
      const list = findEmailList(deps, c);
      const fields = write(c, list);
      const row = createSegment(deps, {
        workspace_id: list.workspace_id,
        email_list_id: list.id,
        uuid: deps.ids(),
        ...fields,
        created_at: fields.updated_at,
      });
      return laravelJson({ data: segmentResource(row, list.uuid) }, 201);
    })
    .get('/:emailList/segments/:segment', (c) => {
      const list = findEmailList(deps, c);
      return laravelJson({ data: segmentResource(findSegment(deps, c), list.uuid) });
    })
    .on(['PUT', 'PATCH'], '/:emailList/segments/:segment', (c) => {
      const list = findEmailList(deps, c);
      const segment = findSegment(deps, c);
      return laravelJson({ data: segmentResource(updateSegment(deps, segment, write(c, list)), list.uuid) });
    })
    .delete('/:emailList/segments/:segment', (c) => {
      findEmailList(deps, c);
      deleteSegment(deps, findSegment(deps, c));
      return noContent();
    });
}

/** Positive tags: `all` or `in`; negative tags: `none` or `not-in`; no tags, no condition (docs/spec/mailcoach-audience-campaigns.md#4-segments-apiemail-listsuuidsegments). */
function conditions(input: Input, tags: Array<{ id: number; name: string }>): SegmentCondition[] {
  const ids = (value: unknown) => {
    const names = value !== null && typeof value === 'object' ? Object.values(value).map(String) : [];
    return tags.filter((tag) => names.includes(tag.name)).map((tag) => tag.id);
  };
  const truthy = (value: unknown) => [true, 1, '1'].includes(value as never);
  const result: SegmentCondition[] = [];
  const positive = ids(input.positive_tags);
  if (positive.length > 0)
    result.push({ operator: truthy(input.all_positive_tags_required) ? 'all' : 'in', tagIds: positive });
  const negative = ids(input.negative_tags);
  if (negative.length > 0)
    result.push({ operator: truthy(input.all_negative_tags_required) ? 'none' : 'not-in', tagIds: negative });
  return result;
}
