/**
 * The template studio's render (POST /_emulator/templates/{template}/render): what a send with these replacements
 * would capture, rendered by the very code a send uses (renderTemplateContent), plus what the template's author
 * needs to see: the placeholders, the replacements nothing uses, what stays unreplaced, and the template's
 * problems with their lines. A plain function of plain data, so it runs on the render workers like a capture.
 */
import type { TemplateType } from '../../db/rows.js';
import { isMjml, renderBodyWithMessages } from './body.js';
import { renderSubject, renderTemplateContent } from './mail-content.js';
import { mjmlStructureProblems } from './mjml-structure.js';
import { placeholderUsage } from './placeholder-usage.js';
import type { RenderDiagnostic, TemplatePreview } from './preview-types.js';
import type { Replacements } from './replacements.js';
import { twigCompileError } from './twig.js';

export type { TemplatePreview } from './preview-types.js';

export interface PreviewJob {
  template: { body: string; type: TemplateType; subject: string };
  replacements: Replacements;
}

export async function previewTemplate({ template, replacements }: PreviewJob): Promise<TemplatePreview> {
  const errors: RenderDiagnostic[] = [];
  const warnings: RenderDiagnostic[] = [];
  let content: { subject: string; html: string | null; text: string | null };
  try {
    // The three fields alone: the rest (htmlParts, the encoder's hint) is no part of the answer.
    const { subject, html, text } = await renderTemplateContent(template, null, replacements);
    content = { subject, html, text };
  } catch (error) {
    // Only MJML's parser throws ("Malformed MJML..."): the send itself would fail with this message.
    errors.push(diagnostic('body', null, error instanceof Error ? error.message : String(error), 'mjml'));
    content = { subject: renderSubject(template.subject, replacements), html: null, text: null };
  }
  if (isMjml(template.body)) {
    for (const problem of mjmlStructureProblems(template.body)) {
      errors.push({
        field: 'body',
        line: problem.line,
        column: problem.column,
        message: problem.message,
        source: 'structure',
      });
    }
    if (content.html !== null) {
      const { mjmlMessages } = await renderBodyWithMessages(template.body, template.type);
      for (const message of mjmlMessages) warnings.push(diagnostic('body', message.line, message.message, 'mjml'));
    }
  }
  const subjectError = twigCompileError(template.subject);
  if (subjectError !== null) errors.push(diagnostic('subject', null, subjectError, 'twig'));
  const bodyError = template.type === 'html' ? twigCompileError(template.body) : null;
  if (bodyError !== null) errors.push(diagnostic('body', null, bodyError, 'twig'));
  const usage = placeholderUsage(
    [
      { text: template.subject, twig: true },
      { text: template.body, twig: template.type === 'html' },
    ],
    replacements,
  );
  return {
    ...content,
    placeholders: usage.placeholders,
    unused_replacements: usage.unused,
    unreplaced_placeholders: usage.unreplaced,
    errors,
    warnings,
  };
}

function diagnostic(
  field: RenderDiagnostic['field'],
  line: number | null,
  message: string,
  source: RenderDiagnostic['source'],
): RenderDiagnostic {
  return { field, line, column: null, message, source };
}
