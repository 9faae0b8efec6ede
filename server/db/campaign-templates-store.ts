/** SQL for campaign templates (mailcoach_templates; docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates). */
import { rowAccess } from './row-access.js';
import type { CampaignTemplateRow } from './rows.js';
import { fuzzyCondition, Where } from './sql.js';
import {
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

const COLUMNS = ['workspace_id', 'uuid', 'name', 'html', 'structured_html', 'created_at', 'updated_at'] as const;

export function createCampaignTemplateStore(statements: Statements) {
  const table = rowAccess<CampaignTemplateRow>(statements, 'campaign_templates', COLUMNS);
  return {
    ...table.rows,
    update: table.update(['name', 'html', 'structured_html', 'updated_at']),
    list(
      workspaceId: number,
      search: string[] | undefined,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<CampaignTemplateRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
      if (search !== undefined) where.and(fuzzyCondition(['name'], search));
      return listPage(statements, { table: 'campaign_templates', ...where, orderBy: sort, window });
    },
  };
}
