/**
 * Mailpit's tag API (docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo):
 * GET /api/v1/tags, PUT /api/v1/tags (set the tags of messages), PUT /api/v1/tags/{tag} (rename) and
 * DELETE /api/v1/tags/{tag}; the writes are mail/message-tags-writes.ts. Errors are Mailpit's text/plain 400s.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitError } from '../errors.js';
import { goJson } from '../go-json.js';
import { deleteMessageTag, renameMessageTag, setMessageTags } from '../mail/message-tags-writes.js';
import type { MailpitEnv } from './env.js';
import { decodeGoJson, GoJsonError, type GoType } from './go-json-input.js';
import { uuidFromMailpitId } from './ids.js';
import { readLimitedBody } from './limited-body.js';

/** Mailpit's JSON endpoints read at most 5 MB of body (http.MaxBytesReader in its middleware). */
const MAX_JSON_BYTES = 5 * 1024 * 1024;

const SET_TAGS = { Tags: { array: 'string' }, IDs: { array: 'string' } } satisfies Record<string, GoType>;
const RENAME_TAG = { Name: 'string' } satisfies Record<string, GoType>;

const ok = () => new Response('ok', { headers: { 'content-type': 'text/plain' } });

/** The body decoded as Go decodes it; Go's error text as a 400 otherwise. */
async function decodedBody<T extends Record<string, GoType>>(request: Request, type: T) {
  const body = await readLimitedBody(request, MAX_JSON_BYTES);
  if (body === null) throw mailpitError(400, 'http: request body too large');
  try {
    return decodeGoJson(body.toString('utf8'), type);
  } catch (error) {
    if (error instanceof GoJsonError) throw mailpitError(400, error.message);
    throw error;
  }
}

export function tagsRoutes(deps: AppDeps) {
  return new Hono<MailpitEnv>()
    .get('/tags', (c) => {
      const tags = deps.store.messageTags.allTags(c.get('workspaceId'));
      return new Response(goJson(tags), { headers: { 'content-type': 'application/json' } });
    })
    .put('/tags', async (c) => {
      const { Tags, IDs } = await decodedBody(c.req.raw, SET_TAGS);
      // Mailpit sets the tags of each ID it is given; an ID that names no message changes nothing.
      const uuids = IDs.map(uuidFromMailpitId).filter((uuid) => uuid !== null);
      if (uuids.length > 0) setMessageTags(deps, c.get('workspaceId'), uuids, Tags);
      return ok();
    })
    .put('/tags/:tag', async (c) => {
      const tag = c.req.param('tag');
      const { Name } = await decodedBody(c.req.raw, RENAME_TAG);
      const { outcome, name } = renameMessageTag(deps, c.get('workspaceId'), tag, Name);
      if (outcome === 'invalid') throw mailpitError(400, `invalid tag name: ${name}`);
      if (outcome === 'not-found') throw mailpitError(400, `tag not found: ${tag}`);
      if (outcome === 'exists') throw mailpitError(400, `tag already exists: ${name}`);
      return ok();
    })
    .delete('/tags/:tag', (c) => {
      const tag = c.req.param('tag');
      if (!deleteMessageTag(deps, c.get('workspaceId'), tag)) throw mailpitError(400, `tag not found: ${tag}`);
      return ok();
    });
}
