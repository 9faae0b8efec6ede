/**
 * GET /_emulator/email-lists: the workspace's email lists by name (uuid, name, active subscribers), what the web UI
 * offers a webhook configuration to be limited to; without an API token, as the other records views.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../http/env.js';

/** More than any workspace a person picks from holds; the UI lists them all. */
const LIMIT = 10_000;

export function emailListRecordRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => {
    const { rows } = deps.store.emailLists.list(c.get('workspaceId'), {}, [{ column: 'name', descending: false }, { column: 'id', descending: false }], { offset: 0, limit: LIMIT });
    return c.json({
      data: rows.map((row) => ({ uuid: row.uuid, name: row.name, active_subscribers_count: deps.store.emailLists.activeSubscribersCount(row.id) })),
    });
  });
}
