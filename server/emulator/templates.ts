/**
 * The template studio's API (README "Templates"): the workspace's transactional mail templates listed with their
 * use, created, changed and deleted (the Mailcoach API only reads them: /api stays read-only), and rendered with
 * given replacements by the code a send renders with. A template is named by its name, or its uuid, as `mail_name`
 * names it in a send. `reset` puts the fixtures' versions back.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps.js';
import type { TemplateRow } from '../db/rows.js';
import { ApiError, ValidationError } from '../errors.js';
import { displayPath, type ResolvedTemplate } from '../fixtures/load.js';
import type { AppEnv } from '../http/env.js';
import { readJsonObject } from './request-body.js';
import { createTemplate, deleteTemplate, type TemplateFields, updateTemplate } from '../mail/template-writes.js';
import { parseOr422 } from '../validation/zod-issues.js';
import {
  renderRequest,
  templateChange,
  templateCreation,
  templateFieldMessage,
  type TemplateChange,
} from './template-input.js';
import type { StudioTemplate, TemplateRender } from './schemas/templates.js';

export function templateRoutes(deps: AppDeps) {
  const templates = deps.store.templates;

  const find = (c: Context<AppEnv>): TemplateRow => {
    const workspaceId = c.get('workspaceId');
    const key = c.req.param('template') as string;
    const row = templates.findByName(workspaceId, key) ?? templates.findByUuid(workspaceId, key);
    if (row === undefined) throw new ApiError(404, `No template named ${key} (or with that uuid) in this workspace.`);
    return row;
  };
  const present = (row: TemplateRow) => templateResource(deps, row);
  /** Names are unique in a workspace (Mailcoach's transactional mails are found by name). */
  const requireFreeName = (workspaceId: number, name: string, own?: TemplateRow) => {
    const holder = templates.findByName(workspaceId, name);
    if (holder !== undefined && holder.id !== own?.id)
      throw new ValidationError({ name: ['The name has already been taken.'] });
  };

  return new Hono<AppEnv>()
    .get('/', (c) => c.json({ data: templates.all(c.get('workspaceId')).map(present) }))
    .post('/', async (c) => {
      const workspaceId = c.get('workspaceId');
      const body = await readJsonObject(c);
      const input = parseOr422(templateCreation(), body, templateFieldMessage(body));
      requireFreeName(workspaceId, input.name);
      // A creation has every field (defaults filled in), so every column is there.
      const row = createTemplate(deps, workspaceId, columns(input) as TemplateFields);
      return c.json(present(row), 201);
    })
    .get('/:template', (c) => c.json(present(find(c))))
    .patch('/:template', async (c) => {
      const row = find(c);
      const body = await readJsonObject(c);
      const input = parseOr422(templateChange(), body, templateFieldMessage(body));
      if (input.name !== undefined) requireFreeName(row.workspace_id, input.name, row);
      return c.json(present(updateTemplate(deps, row, columns(input))));
    })
    .delete('/:template', (c) => {
      const row = find(c);
      deleteTemplate(deps, row);
      return c.body(null, 204);
    })
    .post('/:template/render', async (c) => {
      const row = find(c);
      const body = await readJsonObject(c);
      const request = parseOr422(renderRequest(), body, templateFieldMessage(body));
      const source = { body: row.body, type: row.type, subject: row.subject, ...request.template };
      const render: TemplateRender = await deps.capture.preview({
        template: source,
        replacements: request.replacements,
      });
      return c.json(render);
    });
}

/** The given fields as template columns (only those given: a PATCH changes what it names). */
function columns(input: TemplateChange) {
  const json = (list: string[] | null) => (list === null ? null : JSON.stringify(list));
  return {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.label === undefined ? {} : { label: input.label }),
    ...(input.type === undefined ? {} : { type: input.type }),
    ...(input.subject === undefined ? {} : { subject: input.subject }),
    ...(input.body === undefined ? {} : { body: input.body }),
    ...(input.from === undefined ? {} : { from_address: input.from }),
    ...(input.to === undefined ? {} : { to_json: json(input.to) }),
    ...(input.cc === undefined ? {} : { cc_json: json(input.cc) }),
    ...(input.bcc === undefined ? {} : { bcc_json: json(input.bcc) }),
    ...(input.store_mail === undefined ? {} : { store_mail: input.store_mail ? (1 as const) : (0 as const) }),
  } as const;
}

/** A template as the studio shows it. */
function templateResource(deps: AppDeps, row: TemplateRow): StudioTemplate {
  const fixture = deps.fixtures.templates.find((template) => template.name === row.name);
  const usage = deps.store.messages.templateUsage(row.workspace_id, row.name);
  const list = (text: string | null) => (text === null ? null : (JSON.parse(text) as string[]));
  return {
    uuid: row.uuid,
    name: row.name,
    label: row.label,
    type: row.type,
    subject: row.subject,
    body: row.body,
    from: row.from_address,
    to: list(row.to_json),
    cc: list(row.cc_json),
    bcc: list(row.bcc_json),
    store_mail: row.store_mail === 1,
    origin: fixture === undefined ? 'created' : isFixtureVersion(row, fixture) ? 'fixture' : 'edited',
    fixture_file: fixture?.bodyPath === undefined ? null : displayPath(fixture.bodyPath),
    created_at: new Date(row.created_at * 1000).toISOString(),
    updated_at: new Date(row.updated_at * 1000).toISOString(),
    mails_sent: usage.sent,
    last_used_at: usage.last_ms === null ? null : new Date(usage.last_ms).toISOString(),
  };
}

function isFixtureVersion(row: TemplateRow, fixture: ResolvedTemplate): boolean {
  const json = (list: string[] | null) => (list === null ? null : JSON.stringify(list));
  return (
    row.type === fixture.type &&
    row.subject === fixture.subject &&
    row.body === fixture.body &&
    row.label === (fixture.label ?? null) &&
    row.from_address === (fixture.from ?? null) &&
    row.to_json === json(fixture.to) &&
    row.cc_json === json(fixture.cc) &&
    row.bcc_json === json(fixture.bcc) &&
    row.store_mail === (fixture.store_mail ? 1 : 0)
  );
}
