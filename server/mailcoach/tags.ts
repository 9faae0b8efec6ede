/**
 * /api/email-lists/{emailList}/tags: index, show, store, update (PUT and PATCH), destroy. Mirrors TagsController,
 * EmailListTagsQuery and TagRequest (v8; docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags). The tag binding is not scoped to
 * the list, as in v8: the response then shows the route's list uuid.
 */
import { Hono } from 'hono';
import { createTag, deleteTag, updateTag } from '../audience/email-lists.js';
import type { AppDeps } from '../deps.js';
import type { TagRow } from '../db/rows.js';
import { TAG_SUBSCRIBER_COUNT_SQL } from '../db/tags-store.js';
import { ValidationError } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { toEpochSeconds } from '../instant.js';
import { urlDecode } from '../http/url-decode.js';
import { boolean, nullable, required } from '../validation/laravel-rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { emailListResource, tagResource } from './resources/audience.js';
import { findEmailList, findTag } from './bindings.js';
import { readIncludes } from './includes.js';
import { respondWithIndex } from '../http/listing.js';

const TAG_RULES: RuleSet = [
  ['name', [required]],
  ['visible_in_preferences', [nullable, boolean]],
];

export function tagRoutes(deps: AppDeps) {
  const tags = deps.store.tags;
  const flag = (value: unknown) => ([true, 1, '1'].includes(value as never) ? (1 as const) : (0 as const));

  return new Hono<AppEnv>()
    .get('/:emailList/tags', (c) => {
      const list = findEmailList(deps, c);
      const withList = readIncludes(c.get('input').include);
      const listResource = withList
        ? emailListResource(list, deps.store.emailLists.activeSubscribersCount(list.id))
        : undefined;
      return respondWithIndex(c, {
        query: {
          allowedSorts: ['name', 'updated_at', 'subscriber_count', 'visible_in_preferences'],
          allowedFilters: ['search', 'type'],
          defaultSort: ['name'],
        },
        // subscriber_count: a 500 on v8 (never selected); here the number of subscribers with the tag (decisions.md).
        sortColumns: {
          name: 'name',
          updated_at: 'updated_at',
          subscriber_count: TAG_SUBSCRIBER_COUNT_SQL,
          visible_in_preferences: 'visible_in_preferences',
          id: 'id',
        },
        filters: ({ filters }) => ({
          search: filters.search?.map(urlDecode),
          // Any other value than default or mailcoach is no filter.
          type:
            filters.type?.length === 1 && ['default', 'mailcoach'].includes(filters.type[0] as string)
              ? (filters.type[0] as TagRow['type'])
              : undefined,
        }),
        list: (workspaceId, filters, sort, window) => tags.list(workspaceId, list.id, filters, sort, window),
        present: (row) => tagResource(row, list.uuid, listResource),
      });
    })
    .post('/:emailList/tags', (c) => {
      const list = findEmailList(deps, c);
      const input = c.get('input');
      validate(input, TAG_RULES);
      // firstOrCreate on (list, name, default): an existing tag comes back unchanged, with 200.
      const existing = tags.findByName(list.id, String(input.name), 'default');
      if (existing !== undefined) return laravelJson({ data: tagResource(existing, list.uuid) });
      const at = toEpochSeconds(deps.clock());
      const row = createTag(deps, {
        workspace_id: list.workspace_id,
        email_list_id: list.id,
        uuid: deps.ids(),
        name: String(input.name),
        type: 'default',
        visible_in_preferences: flag(input.visible_in_preferences),
        created_at: at,
        updated_at: at,
      });
      return laravelJson({ data: tagResource(row, list.uuid) }, 201);
    })
    .get('/:emailList/tags/:tag', (c) => {
      const list = findEmailList(deps, c);
      return laravelJson({ data: tagResource(findTag(deps, c), list.uuid) });
    })
    .on(['PUT', 'PATCH'], '/:emailList/tags/:tag', (c) => {
      const list = findEmailList(deps, c);
      const tag = findTag(deps, c);
      const input = c.get('input');
      validate(input, TAG_RULES);
      const name = String(input.name);
      const clash = tags.findByName(tag.email_list_id, name, tag.type);
      // v8 breaks its unique index here (a 500); decisions.md: never a 500. A 422 on the name says why.
      if (clash !== undefined && clash.id !== tag.id)
        throw new ValidationError({ name: ['The name has already been taken.'] });
      const row = updateTag(deps, tag, {
        name,
        visible_in_preferences: flag(input.visible_in_preferences),
        updated_at: toEpochSeconds(deps.clock()),
      });
      return laravelJson({ data: tagResource(row, list.uuid) });
    })
    .delete('/:emailList/tags/:tag', (c) => {
      findEmailList(deps, c);
      deleteTag(deps, findTag(deps, c));
      return noContent();
    });
}
