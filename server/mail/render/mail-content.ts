/**
 * The subject and bodies of a transactional mail, from a template (reference §4.4) or from inline content
 * (§4.3 step 3). Inline content gets no placeholder processing at all.
 */
import type { TemplateRow } from '../../db/rows.js';
import { renderBody } from './body.js';
import { htmlToText, inlineCss, wrapInlineHtml } from './html.js';
import { cachedInlinedBody, inlinedTemplateParts } from './inlined-template.js';
import { replacePlaceholders, undot, type Replacements } from './replacements.js';
import { textFromTemplate } from './text-template.js';
import { renderTwig } from './twig.js';

export interface MailContent {
  subject: string;
  html: string | null;
  text: string | null;
  /** `html` as fixed and changing parts, when it was put together that way (OutgoingMail.htmlParts). */
  htmlParts?: readonly string[];
}

/**
 * Subject: the request's when non-empty, else the template's; then `::key::`, then Twig. Body: rendered by type,
 * `::key::`, the `::subject::` replacer, Twig for html templates only, CSS inlined, and a text part from it.
 */
export async function renderTemplateContent(
  template: Pick<TemplateRow, 'body' | 'type' | 'subject'>,
  requestSubject: string | null,
  replacements: Replacements,
): Promise<MailContent> {
  const context = undot(replacements);
  const subject = renderSubject(requestSubject ?? template.subject, replacements, context);
  const body = await renderBody(template.body, template.type);
  // CSS inlined once per template body when the replacements cannot change its result (inlined-template.ts).
  const parts = inlinedTemplateParts(body, template.type, replacements, subject);
  let html = parts === undefined ? undefined : typeof parts === 'string' ? parts : parts.join('');
  let templateHtml = html === undefined ? undefined : cachedInlinedBody(body);
  if (html === undefined) {
    html = replacePlaceholders(body, replacements).replaceAll('::subject::', () => subject);
    if (template.type === 'html') html = renderTwig(html, context);
    html = inlineCss(html);
    // Without CSS to inline or Twig to run, the final HTML is the body with its placeholders replaced.
    if (!body.includes('<style') && !(template.type === 'html' && hasTwigSyntax(body))) templateHtml = body;
  }
  // The text part from the template's text when that is exact (text-template.ts), else from the final HTML.
  const text = (templateHtml === undefined ? undefined : textFromTemplate(templateHtml, replacements, subject)) ?? htmlToText(html);
  return { subject, html, text, ...(Array.isArray(parts) ? { htmlParts: parts } : {}) };
}

/** The subject: `::key::` first, then Twig (always, whatever the template's type). */
export function renderSubject(subject: string, replacements: Replacements, context = undot(replacements)): string {
  return renderTwig(replacePlaceholders(subject, replacements), context);
}

function hasTwigSyntax(source: string): boolean {
  return source.includes('{{') || source.includes('{%');
}

/** Inline HTML is wrapped in <html><body> when it has no <html>; a missing text part is generated from it. */
export function inlineContent(subject: string, html: string | null, text: string | null): MailContent {
  const wrapped = html === null ? null : wrapInlineHtml(html);
  return { subject, html: wrapped, text: text ?? (wrapped === null ? null : htmlToText(wrapped)) };
}
