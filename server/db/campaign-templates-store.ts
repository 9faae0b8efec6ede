/** SQL for campaign templates (mailcoach_templates; mailcoach-audience-campaigns.md §6). */
import type { CampaignTemplateRow, NewRow } from './rows.js';
import { fuzzyCondition, insertSql } from './sql.js';
import { listPage, WORKSPACE_CONDITION, type ListResult, type PageWindow, type SortTerm, type Statements } from './statements.js';

const COLUMNS = ['workspace_id', 'uuid', 'name', 'html', 'structured_html', 'created_at', 'updated_at'] as const;

export function createCampaignTemplateStore(statements: Statements) {
  const db = statements.db;
  const insert = db.prepare(insertSql('campaign_templates', COLUMNS));
  const byId = db.prepare('SELECT * FROM campaign_templates WHERE id = ?');
  const byUuid = db.prepare('SELECT * FROM campaign_templates WHERE workspace_id = ? AND uuid = ?');
  const update = db.prepare('UPDATE campaign_templates SET name = @name, html = @html, structured_html = @structured_html, updated_at = @updated_at WHERE id = @id');
  const remove = db.prepare('DELETE FROM campaign_templates WHERE id = ?');
  return {
    insert: (row: NewRow<CampaignTemplateRow>) => byId.get(insert.run(row).lastInsertRowid) as CampaignTemplateRow,
    update(id: number, fields: Pick<CampaignTemplateRow, 'name' | 'html' | 'structured_html' | 'updated_at'>): CampaignTemplateRow {
      update.run({ ...fields, id });
      return byId.get(id) as CampaignTemplateRow;
    },
    delete: (id: number): void => void remove.run(id),
    findById: (id: number) => byId.get(id) as CampaignTemplateRow | undefined,
    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as CampaignTemplateRow | undefined,
    list(workspaceId: number, search: string[] | undefined, sort: SortTerm[], window: PageWindow): ListResult<CampaignTemplateRow> {
      const conditions = [WORKSPACE_CONDITION];
      const params: unknown[] = [workspaceId];
      if (search !== undefined) {
        const fuzzy = fuzzyCondition(['name'], search);
        conditions.push(fuzzy.sql);
        params.push(...fuzzy.params);
      }
      return listPage(statements, { table: 'campaign_templates', conditions, params, orderBy: sort, window });
    },
  };
}

export type CampaignTemplateStore = ReturnType<typeof createCampaignTemplateStore>;
