/**
 * A campaign's content as UpdateCampaignAction computes it on every create and update (
 * docs/spec/mailcoach-audience-campaigns.md#55-post-apicampaigns-201-and-putpatch-apicampaignsuuid-200 step 3): the html from the request, else the template's; with a template and `fields`, each
 * field's value put in for its `[[[name]]]` / `[[[name:type]]]` (editor fields are markdown, rendered with
 * CommonMark plus tables, strikethrough and autolinks, and kept as {markdown, html}); and structured_html, the JSON
 * of those template values.
 */
import type { CampaignTemplateRow } from '../db/rows.js';
import { renderMarkdown } from '../mail/render/markdown.js';
import { phpJsonEncode } from '../php-json.js';
import { replacePlaceholders, templateFields } from './template-placeholders.js';

export interface CampaignContent {
  html: string | null;
  structuredHtml: string | null;
}

/**
 * `previous`: the content item's structured_html before this change (null for a new campaign), whose other keys
 * ContentItem::setTemplateFieldValues keeps.
 */
export async function campaignContent(
  inputHtml: string | null,
  fields: Record<string, unknown> | null,
  template: CampaignTemplateRow | undefined,
  previous: string | null = null,
): Promise<CampaignContent> {
  let html = inputHtml ?? template?.html ?? null;
  if (template === undefined) {
    // No template: `array_merge($attributes['fields'] ?? [], ['html' => $html])`.
    return { html, structuredHtml: withTemplateValues(previous, { ...(fields ?? {}), html }) };
  }
  if (fields === null) return { html, structuredHtml: template.structured_html };
  const values: Record<string, unknown> = {};
  for (const field of templateFields(template.html)) {
    // `Arr::get($attributes, "fields.{name}")`: the value as given, null when absent; an editor field's markdown
    // is `?? ''`.
    const given = fields[field.name] ?? null;
    if (field.type !== 'editor') {
      values[field.name] = given;
      continue;
    }
    const markdown = typeof given === 'string' ? given : given === null ? '' : phpString(given);
    // UpdateCampaignAction: RenderMarkdownToHtmlAction.
    values[field.name] = { markdown, html: renderMarkdown(markdown) };
  }
  html = replacePlaceholders(template.html, (placeholder) => {
    // TemplateRenderer: `$values[name] ?? ''`, an array's `html`.
    const value = values[placeholder.split(':', 1)[0] as string];
    if (value !== null && typeof value === 'object') return phpString((value as { html?: unknown }).html ?? '');
    return phpString(value ?? '');
  });
  return { html, structuredHtml: withTemplateValues(previous, values) };
}

/**
 * ContentItem::setTemplateFieldValues: the previous structured_html decoded (`json_decode(..., true) ?? []`), its
 * `templateValues` set, and `json_encode`d again: so the stored string is PHP's JSON (`\/`, `\u00e9`), and the API
 * and webhooks encode that string once more. An empty array (no template fields) is `[]`, as is any empty object
 * inside the previous value.
 */
function withTemplateValues(previous: string | null, values: Record<string, unknown>): string {
  let decoded: unknown = null;
  try {
    decoded = previous === null || previous === '' ? null : JSON.parse(previous);
  } catch {
    decoded = null;
  }
  const structured: Record<string, unknown> =
    decoded !== null && typeof decoded === 'object' && !Array.isArray(decoded)
      ? (asPhpArray(decoded) as Record<string, unknown>)
      : {};
  structured.templateValues = asPhpArray(values);
  return phpJsonEncode(structured);
}

/** What a JSON object becomes once PHP has decoded it as an array: an empty one encodes back as `[]`. */
function asPhpArray(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asPhpArray);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length === 0 ? [] : Object.fromEntries(entries.map(([key, item]) => [key, asPhpArray(item)]));
}

/** A scalar as PHP's string conversion writes it into the html (str_replace): true "1", false and null "". */
function phpString(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  return typeof value === 'object' ? 'Array' : String(value);
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
      value !== null && typeof value === 'object' && 'markdown' in value
        ? (value as { markdown: unknown }).markdown
        : value,
    ]),
  );
}
