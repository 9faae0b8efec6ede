/**
 * A campaign's content as UpdateCampaignAction computes it on every create and update (mailcoach-audience-
 * campaigns.md §5.5 step 3): the html from the request, else the template's; with a template and `fields`, each
 * field's value put in for its `[[[name]]]` / `[[[name:type]]]` (editor fields are markdown, rendered with
 * CommonMark plus tables, strikethrough and autolinks, and kept as {markdown, html}); and structured_html, the JSON
 * of those template values.
 */
import type { CampaignTemplateRow } from '../db/rows.js';
import { replacePlaceholders, templateFields } from './template-placeholders.js';

export interface CampaignContent {
  html: string | null;
  structuredHtml: string | null;
}

type FieldValue = string | { markdown: string; html: string };

export async function campaignContent(
  inputHtml: string | null,
  fields: Record<string, unknown> | null,
  template: CampaignTemplateRow | undefined,
): Promise<CampaignContent> {
  let html = inputHtml ?? template?.html ?? null;
  if (template === undefined) {
    // No template: the fields, with the html as the `html` field.
    return { html, structuredHtml: JSON.stringify({ templateValues: { ...(fields ?? {}), html } }) };
  }
  if (fields === null) return { html, structuredHtml: template.structured_html };
  const values: Record<string, FieldValue> = {};
  for (const field of templateFields(template.html)) {
    const given = fields[field.name];
    const text = typeof given === 'string' ? given : given === undefined || given === null ? '' : String(given);
    values[field.name] = field.type === 'editor' ? { markdown: text, html: await renderMarkdown(text) } : text;
  }
  html = replacePlaceholders(template.html, (placeholder) => {
    const value = values[placeholder.split(':', 1)[0] as string];
    return value === undefined ? '' : typeof value === 'string' ? value : value.html;
  });
  return { html, structuredHtml: JSON.stringify({ templateValues: values }) };
}

/** The resource's `fields`: the template values, each reduced to its markdown when it has one; `[]` when none. */
export function campaignFields(structuredHtml: string | null): Record<string, unknown> | [] {
  if (structuredHtml === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(structuredHtml);
  } catch {
    return [];
  }
  const values = (parsed as { templateValues?: unknown } | null)?.templateValues;
  if (values === null || typeof values !== 'object' || Object.keys(values).length === 0) return [];
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      value !== null && typeof value === 'object' && 'markdown' in value ? (value as { markdown: unknown }).markdown : value,
    ]),
  );
}

async function renderMarkdown(markdown: string): Promise<string> {
  // Loaded on first use, as the template renderer does (mail/render/body.ts).
  const { marked } = await import('marked');
  return marked.parse(markdown, { gfm: true, async: false });
}
