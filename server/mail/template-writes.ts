/**
 * The template studio's writes (create, change, delete), each announcing `templates.changed` with the template's
 * uuid, so that every path to them keeps the studio and the event stream in step. Names are checked by the caller.
 */
import type { AppDeps } from '../deps.js';
import type { NewRow, TemplateRow } from '../db/rows.js';
import { toEpochSeconds } from '../instant.js';

type TemplateDeps = Pick<AppDeps, 'store' | 'events' | 'clock' | 'ids'>;
/** Every column a creation sets (the defaults filled in). */
export type TemplateFields = Omit<NewRow<TemplateRow>, 'workspace_id' | 'uuid' | 'created_at' | 'updated_at'>;

export function createTemplate(deps: TemplateDeps, workspaceId: number, fields: TemplateFields): TemplateRow {
  const at = toEpochSeconds(deps.clock());
  const row = deps.store.templates.insert({
    workspace_id: workspaceId,
    uuid: deps.ids(),
    ...fields,
    created_at: at,
    updated_at: at,
  });
  deps.events.emit('templates.changed', { workspaceId, uuids: [row.uuid] });
  return row;
}

/** The template as it now reads. */
export function updateTemplate(deps: TemplateDeps, row: TemplateRow, change: Partial<TemplateFields>): TemplateRow {
  const { id: _id, ...current } = row;
  deps.store.templates.update(row.id, { ...current, ...change, updated_at: toEpochSeconds(deps.clock()) });
  deps.events.emit('templates.changed', { workspaceId: row.workspace_id, uuids: [row.uuid] });
  return deps.store.templates.findByUuid(row.workspace_id, row.uuid) as TemplateRow;
}

export function deleteTemplate(deps: TemplateDeps, row: TemplateRow): void {
  deps.store.templates.delete(row.id);
  deps.events.emit('templates.changed', { workspaceId: row.workspace_id, uuids: [row.uuid] });
}
