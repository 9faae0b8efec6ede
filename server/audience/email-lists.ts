/**
 * The writes of a list, its tags and its segments that are no Mailcoach event (docs/spec/mailcoach-audience-campaigns.md#1-email-lists,
 * #3-tags-apiemail-listsuuidtags, #4-segments-apiemail-listsuuidsegments), each announced once as `audience.changed`
 * with null (events.ts: any of the lists), where it is written, so that no route can write one unannounced.
 * Deleting a list is delete.ts's.
 */
import type { EmailListRow, SegmentRow, TagRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';

export interface AudienceWriteDeps {
  store: Store;
  events: EventBus;
}

type Writes<K extends 'emailLists' | 'tags' | 'segments'> = Store[K];

/** Runs the write, then announces it: `audience.changed` with null for the workspace. */
export function announced<T>(deps: AudienceWriteDeps, workspaceId: number, write: () => T): T {
  const result = write();
  deps.events.emit('audience.changed', { workspaceId, uuids: null });
  return result;
}

export function createEmailList(deps: AudienceWriteDeps, row: Parameters<Writes<'emailLists'>['insert']>[0]) {
  return announced(deps, row.workspace_id, () => deps.store.emailLists.insert(row));
}

export function updateEmailList(
  deps: AudienceWriteDeps,
  list: EmailListRow,
  fields: Parameters<Writes<'emailLists'>['update']>[1],
): EmailListRow {
  return announced(deps, list.workspace_id, () => deps.store.emailLists.update(list.id, fields));
}

export function createTag(deps: AudienceWriteDeps, row: Parameters<Writes<'tags'>['insert']>[0]) {
  return announced(deps, row.workspace_id, () => deps.store.tags.insert(row));
}

export function updateTag(deps: AudienceWriteDeps, tag: TagRow, fields: Parameters<Writes<'tags'>['update']>[1]) {
  return announced(deps, tag.workspace_id, () => deps.store.tags.update(tag.id, fields));
}

export function deleteTag(deps: AudienceWriteDeps, tag: TagRow): void {
  announced(deps, tag.workspace_id, () => deps.store.tags.delete(tag.id));
}

export function createSegment(deps: AudienceWriteDeps, row: Parameters<Writes<'segments'>['insert']>[0]) {
  return announced(deps, row.workspace_id, () => deps.store.segments.insert(row));
}

export function updateSegment(
  deps: AudienceWriteDeps,
  segment: SegmentRow,
  fields: Parameters<Writes<'segments'>['update']>[1],
) {
  return announced(deps, segment.workspace_id, () => deps.store.segments.update(segment.id, fields));
}

export function deleteSegment(deps: AudienceWriteDeps, segment: SegmentRow): void {
  announced(deps, segment.workspace_id, () => deps.store.segments.delete(segment.id));
}
