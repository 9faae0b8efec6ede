/**
 * /api/subscriber-imports (docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority): index, store, show, update (PUT and PATCH), destroy,
 * append, start. Mirrors SubscriberImportsController, SubscriberImportRequest, AppendSubscriberImportRequest,
 * SubscriberImportsQuery and the two resources (the index's lacks subscribers_csv and created_at).
 */
import { Hono, type Context } from 'hono';
import { emailHeader, runImport } from '../audience/import-subscribers.js';
import {
  createSubscriberImport,
  deleteSubscriberImport,
  updateSubscriberImport,
} from '../audience/subscriber-imports.js';
import type { AppDeps } from '../deps.js';
import type { EmailListRow, SubscriberImportRow } from '../db/rows.js';
import { abort, modelNotFound, noEmailHeaderRow } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import type { Input } from '../validation/input.js';
import { laravelJson, noContent } from '../http/respond.js';
import { laravelTimestamp } from '../http/timestamps.js';
import { toEpochSeconds } from '../instant.js';
import { boolean, required } from '../validation/laravel-rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { AUDIENCE_MODEL_CLASSES } from './resources/audience.js';
import { respondWithIndex } from '../http/listing.js';
import { findSubscriberImport } from './bindings.js';

const IMPORT_RULES: RuleSet = [
  ['subscribers_csv', [required]],
  ['email_list_uuid', [required]],
  ['subscribe_unsubscribed', [boolean]],
  ['unsubscribe_others', [boolean]],
  ['replace_tags', [boolean]],
];

export function subscriberImportRoutes(deps: AppDeps) {
  const imports = deps.store.subscriberImports;
  const listOf = (row: SubscriberImportRow) => deps.store.emailLists.findById(row.email_list_id) as EmailListRow;
  const summary = (row: SubscriberImportRow) => ({
    uuid: row.uuid,
    status: row.status,
    email_list_uuid: listOf(row).uuid,
    subscribe_unsubscribed: row.subscribe_unsubscribed === 1,
    unsubscribe_others: row.unsubscribe_others === 1,
    replace_tags: row.replace_tags === 1,
    imported_subscribers_count: row.imported_subscribers_count,
    error_count: row.error_count,
  });
  const present = (row: SubscriberImportRow) => {
    const { uuid, ...rest } = summary(row);
    return { uuid, subscribers_csv: row.subscribers_csv, ...rest, created_at: laravelTimestamp(row.created_at) };
  };
  /** The list the input names: validated as required only, so an unknown one is the list binding's 404 (docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority). */
  const listNamed = (c: Context<AppEnv>) => {
    const list = deps.store.emailLists.findByUuid(c.get('workspaceId'), String(c.get('input').email_list_uuid));
    if (list === undefined) throw modelNotFound(AUDIENCE_MODEL_CLASSES.emailList);
    return list;
  };

  return new Hono<AppEnv>()
    .get('/', (c) =>
      respondWithIndex(c, {
        query: { allowedSorts: ['created_at', 'status'], allowedFilters: ['email_list_uuid', 'status'] },
        sortColumns: { created_at: 'created_at', status: 'status', id: 'id' },
        filters: ({ filters }) => ({ listUuids: filters.email_list_uuid, statuses: filters.status }),
        list: imports.list,
        present: summary,
      }),
    )
    .post('/', (c) => {
      const input = c.get('input');
      validate(input, IMPORT_RULES);
      const list = listNamed(c);
      const at = toEpochSeconds(deps.clock());
      const row = createSubscriberImport(deps, {
        workspace_id: c.get('workspaceId'),
        uuid: deps.ids(),
        email_list_id: list.id,
        status: 'draft',
        subscribers_csv: String(input.subscribers_csv),
        ...flags(input),
        imported_subscribers_count: 0,
        error_count: 0,
        created_at: at,
        updated_at: at,
      });
      return laravelJson({ data: present(row) }, 201);
    })
    .get('/:subscriberImport', (c) => laravelJson({ data: present(findSubscriberImport(deps, c)) }))
    .on(['PUT', 'PATCH'], '/:subscriberImport', (c) => {
      const row = findSubscriberImport(deps, c);
      const input = c.get('input');
      validate(input, IMPORT_RULES);
      if (row.status !== 'draft') throw abort(422, 'Cannot update a non-draft import.');
      const list = listNamed(c);
      const updated = updateSubscriberImport(deps, row, {
        email_list_id: list.id,
        subscribers_csv: String(input.subscribers_csv),
        ...flags(input),
        updated_at: toEpochSeconds(deps.clock()),
      });
      return laravelJson({ data: present(updated) });
    })
    .delete('/:subscriberImport', (c) => {
      deleteSubscriberImport(deps, findSubscriberImport(deps, c));
      return noContent();
    })
    .post('/:subscriberImport/append', (c) => {
      const row = findSubscriberImport(deps, c);
      validate(c.get('input'), [['subscribers_csv', [required]]]);
      const csv = `${row.subscribers_csv ?? ''}\n${String(c.get('input').subscribers_csv)}`;
      return laravelJson({
        data: present(
          updateSubscriberImport(deps, row, { subscribers_csv: csv, updated_at: toEpochSeconds(deps.clock()) }),
        ),
      });
    })
    .post('/:subscriberImport/start', (c) => {
      const row = findSubscriberImport(deps, c);
      if (row.status !== 'draft') throw abort(422, 'Cannot start a non-draft import.');
      const csv = row.subscribers_csv ?? '';
      const column = emailHeader(csv);
      if (column === null) {
        // v8 deletes the import, then answers its hand-made 422.
        deleteSubscriberImport(deps, row);
        throw noEmailHeaderRow();
      }
      runImport(deps, row, listOf(row), csv, column);
      return noContent();
    });
}

function flags(input: Input) {
  const flag = (key: string) => ([true, 1, '1'].includes(input[key] as never) ? (1 as const) : (0 as const));
  return {
    subscribe_unsubscribed: flag('subscribe_unsubscribed'),
    unsubscribe_others: flag('unsubscribe_others'),
    replace_tags: flag('replace_tags'),
  };
}
