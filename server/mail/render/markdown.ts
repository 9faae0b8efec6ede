/**
 * Mailcoach 8's RenderMarkdownToHtmlAction: spatie/laravel-markdown's MarkdownRenderer over league/commonmark 2.3
 * (CommonMarkCoreExtension, TableExtension, StrikethroughExtension, AutolinkExtension; no heading anchors, no
 * Shiki highlighting; tempest/highlight's renderers for fenced and inline code), with Mailcoach's protection of
 * Twig's `{{ }}` around the conversion. The engine is markdown-it with league's rules (markdown/engine.ts), built on
 * first use.
 */
import { createRequire } from 'node:module';
import type { default as MarkdownItConstructor, MarkdownIt } from 'markdown-it';
import { createLeagueMarkdown } from './markdown/engine.js';

/**
 * markdown-it costs ~30 ms to load (its entity tables, Unicode classes, linkify-it, punycode): required, synchronously,
 * on the first render only. A require the bundler cannot follow, so Node resolves the dependency at run time.
 */
const requireModule = createRequire(import.meta.url);

/** RenderMarkdownToHtmlAction's replacements, in its order: each key becomes '@' . urlencode(key). */
const REPLACEMENTS: readonly (readonly [string, string])[] = [
  ['{{ ', '@%7B%7B+'],
  ['{{', '@%7B%7B'],
  [' }}', '@+%7D%7D'],
  ['}}', '@%7D%7D'],
];

let engine: MarkdownIt | undefined;

/** PHP's str_replace with arrays: each pair in turn over the whole subject. */
function replaceAll(subject: string, pairs: readonly (readonly [string, string])[]): string {
  let result = subject;
  for (const [search, replace] of pairs) result = result.split(search).join(replace);
  return result;
}

/** RenderMarkdownToHtmlAction::execute. */
export function renderMarkdown(markdown: string): string {
  engine ??= createLeagueMarkdown(requireModule('markdown-it') as typeof MarkdownItConstructor);
  const protectedMarkdown = replaceAll(markdown, REPLACEMENTS);
  const html = engine.render(protectedMarkdown);
  return replaceAll(
    html,
    REPLACEMENTS.map(([search, replace]) => [replace, search] as const),
  );
}
