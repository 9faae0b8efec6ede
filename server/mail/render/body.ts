/**
 * A template body rendered by its type (reference §4.4 step 1-2): MJML first when the body starts with `<mjml`
 * (any type), then markdown (CommonMark with tables, strikethrough and autolinks), html as is, and blade as plain
 * text (the emulator runs no PHP; documented in fixtures/README.md). The result depends only on the body and
 * type, so it is cached: a template version is compiled once, never per send.
 */
import { BoundedCache } from '../../bounded-cache.js';
import type { TemplateType } from '../../db/rows.js';
import { TEMPLATE_SOURCES } from './cache-limits.js';

const cache = new BoundedCache<Promise<string>>(TEMPLATE_SOURCES);

export function renderBody(body: string, type: TemplateType): Promise<string> {
  const key = `${type}\u0000${body}`;
  let rendered = cache.get(key);
  if (rendered === undefined) {
    rendered = renderUncached(body, type);
    rendered.catch(() => cache.delete(key));
    cache.set(key, rendered);
  }
  return rendered;
}

async function renderUncached(body: string, type: TemplateType): Promise<string> {
  let html = body.trimStart().startsWith('<mjml') ? await renderMjml(body) : body;
  if (type === 'markdown') {
    // Loaded on first use, like mjml: a start that renders no markdown should not pay for the parser.
    const { marked } = await import('marked');
    html = marked.parse(html, { gfm: true, async: false });
  }
  return html;
}

async function renderMjml(source: string): Promise<string> {
  // `ignoreIncludes`: mj-include would read files from the emulator's disk. `fonts: {}`: no Google Fonts link.
  // Loaded on first use: importing mjml costs most of a second, which every start would otherwise pay.
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(source, { validationLevel: 'soft', fonts: {}, ignoreIncludes: true });
  return result.html;
}
