/**
 * A template body rendered by its type (docs/spec/mailcoach-reference.md#44-templates-at-send-time-v8-mailsconcernsusesmailcoachtemplatephp-actionsrendertemplateactionphp step 1-2): MJML first when the body starts with `<mjml`
 * (any type), then markdown (CommonMark with tables, strikethrough and autolinks), html as is, and blade as plain
 * text (the emulator runs no PHP; documented in fixtures/README.md). The result depends only on the body and
 * type, so it is cached: a template version is compiled once, never per send.
 */
import { BoundedCache } from '../../bounded-cache.js';
import type { TemplateType } from '../../db/rows.js';
import { TEMPLATE_SOURCES } from './cache-limits.js';
import { renderMarkdown } from './markdown.js';

/** One message of MJML's validator (soft level: the mail still renders). `line` counts from the body's first line. */
interface MjmlMessage {
  line: number | null;
  message: string;
  tagName: string | null;
}

export interface RenderedBody {
  html: string;
  /** What MJML's validator said; empty for a body that is no MJML. */
  mjmlMessages: MjmlMessage[];
}

const cache = new BoundedCache<Promise<RenderedBody>>(TEMPLATE_SOURCES);

/** The body's HTML, as a send uses it. Rejects when MJML cannot parse the body at all ("Malformed MJML"). */
export async function renderBody(body: string, type: TemplateType): Promise<string> {
  return (await renderBodyWithMessages(body, type)).html;
}

/** The body's HTML with MJML's validation messages, which the studio's render shows (template-preview.ts). */
export function renderBodyWithMessages(body: string, type: TemplateType): Promise<RenderedBody> {
  const key = `${type}\u0000${body}`;
  let rendered = cache.get(key);
  if (rendered === undefined) {
    rendered = cache.set(key, renderUncached(body, type));
    rendered.catch(() => cache.delete(key));
  }
  return rendered;
}

export function isMjml(body: string): boolean {
  return body.trimStart().startsWith('<mjml');
}

async function renderUncached(body: string, type: TemplateType): Promise<RenderedBody> {
  const mjml = isMjml(body) ? await renderMjml(body) : null;
  let html = mjml?.html ?? body;
  // RenderMarkdownToHtmlAction (markdown.ts; it loads its parser on first use).
  if (type === 'markdown') html = renderMarkdown(html);
  return { html, mjmlMessages: mjml?.messages ?? [] };
}

/**
 * MJML as Mailcoach 8 runs it: node's `mjml` 4 (Mailcoach's package.json `^4.15.3`, pinned here to 4.18.0) with
 * spatie/mjml-php's options (bin/mjml.mjs passes them to mjml2html): comments kept, neither beautified nor
 * minified, soft validation, and mjml's default fonts (a Google Fonts <link> and @import for a default font the
 * mail uses, as Mailcoach's mails have). One difference on purpose: `ignoreIncludes`. spatie's default reads
 * mj-include's file from the server's disk; here the text comes from requests, so an mj-include is dropped.
 */
const MJML_OPTIONS = {
  keepComments: true,
  beautify: false,
  minify: false,
  validationLevel: 'soft',
  ignoreIncludes: true,
} as const;

async function renderMjml(source: string): Promise<{ html: string; messages: MjmlMessage[] }> {
  // Loaded on first use: importing mjml costs most of a second, which every start would otherwise pay.
  const { default: mjml2html } = await import('mjml');
  const result = mjml2html(source, MJML_OPTIONS);
  const messages = result.errors.map((error) => ({
    line: typeof error.line === 'number' ? error.line : null,
    message: error.message,
    tagName: error.tagName ?? null,
  }));
  return { html: result.html, messages };
}
