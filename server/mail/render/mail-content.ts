/**
 * The subject and bodies of a transactional mail, from a template or from inline content, in Mailcoach 8's order
 * (decisions.md "Rendering is Mailcoach's, byte for byte"; test/fidelity proves it against Mailcoach's libraries):
 *
 * - subject (UsesMailcoachTemplate::setSubject): the request's when not empty, else the template's; `::key::` for
 *   string values; Twig with the replacements as they are (not un-dotted); `::subject::` (SubjectReplacer, which
 *   reads the request's subject at that point);
 * - body (RenderTemplateAction): MJML and markdown (body.ts); `::key::`; `::subject::`; Twig for html templates
 *   (and `mjml` ones, which are Mailcoach html templates whose body is MJML) with the replacements un-dotted;
 *   CssToInlineStyles, which always re-serialises the document; then the text part (ConvertHtmlToTextAction);
 * - inline content (TransactionalMail::prepareHtml and build()): the HTML wrapped in <html><body> when it has no
 *   <html>, no placeholder processing, and a text part converted from it when the request gives none.
 */
import type { TemplateRow, TemplateType } from '../../db/rows.js';
import { renderBody } from './body.js';
import { htmlToText, inlineCss, wrapInlineHtml } from './html.js';
import { replaceBodyPlaceholders, replacePlaceholders, undot, type Replacements } from './replacements.js';
import { cachedTemplateRender, type LaterSteps } from './template-cache.js';
import { renderTwig, twigFreeText } from './twig.js';

export interface MailContent {
  subject: string;
  html: string | null;
  text: string | null;
  /** `html` as fixed and changing parts, when it was put together that way (OutgoingMail.htmlParts). */
  htmlParts?: readonly string[];
}

const LATER_STEPS: LaterSteps = { twigFreeText, inlineCss, htmlToText };

export async function renderTemplateContent(
  template: Pick<TemplateRow, 'body' | 'type' | 'subject'>,
  requestSubject: string | null,
  replacements: Replacements,
): Promise<MailContent> {
  const subject = renderSubject(requestSubject ?? template.subject, replacements, requestSubject);
  const body = await renderBody(template.body, template.type);
  const twig = runsTwig(template.type);
  // A template version's final HTML and text, cached with its placeholders, when this send's values allow it.
  const cached = cachedTemplateRender(body, twig, replacements, subject, LATER_STEPS);
  if (cached !== undefined)
    return { subject, html: cached.htmlParts.join(''), htmlParts: cached.htmlParts, text: cached.text };
  let html = replaceBodyPlaceholders(body, replacements).replaceAll('::subject::', () => subject);
  if (twig) html = renderTwig(html, undot(replacements));
  // RenderTemplateAction: `if (empty($html)) return '';`, before the inliner.
  if (html !== '') html = inlineCss(html);
  return { subject, html, text: htmlToText(html) };
}

/** RenderTemplateAction runs Twig for `html` templates only; an `mjml` fixture is an html template with MJML in it. */
export function runsTwig(type: TemplateType): boolean {
  return type === 'html' || type === 'mjml';
}

/**
 * UsesMailcoachTemplate::setSubject: `::key::` for string values, Twig with the replacements as its context (not
 * un-dotted: `{{ user.name }}` finds no `user.name` key), then `::subject::` as the request's subject.
 */
export function renderSubject(
  subject: string,
  replacements: Replacements,
  requestSubject: string | null = null,
): string {
  return renderTwig(replacePlaceholders(subject, replacements), replacements).replaceAll(
    '::subject::',
    () => requestSubject ?? '',
  );
}

/** Inline HTML is wrapped in <html><body> when it has no <html>; a missing text part is converted from it. */
export function inlineContent(subject: string, html: string | null, text: string | null): MailContent {
  const wrapped = html === null ? null : wrapInlineHtml(html);
  return { subject, html: wrapped, text: text ?? (wrapped === null ? null : htmlToText(wrapped)) };
}
