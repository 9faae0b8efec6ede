/**
 * Markdown templates against the oracle: renderMarkdown (server/mail/render/markdown.ts) must write, byte for byte,
 * what Mailcoach 8's RenderMarkdownToHtmlAction writes with league/commonmark 2.3 (test/fidelity/oracle.php stage
 * `markdown`) for every input of the corpus.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../server/mail/render/markdown.js';
import { MARKDOWN_CORPUS } from './corpus/markdown.js';
import { oracleAvailable, oracleOutput, runOracle } from './oracle.js';

const available = oracleAvailable();

describe.skipIf(!available)('markdown: RenderMarkdownToHtmlAction', () => {
  const expected = available
    ? runOracle(MARKDOWN_CORPUS.map((c) => ({ stage: 'markdown' as const, input: c.markdown })))
    : [];

  it('has a corpus of at least 60 cases with distinct names', () => {
    expect(MARKDOWN_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(MARKDOWN_CORPUS.map((c) => c.name)).size).toBe(MARKDOWN_CORPUS.length);
  });

  it.each(MARKDOWN_CORPUS.map((c, index) => [c.name, index] as const))('%s', (_name, index) => {
    const markdown = MARKDOWN_CORPUS[index]!.markdown;
    expect(renderMarkdown(markdown)).toBe(oracleOutput(expected[index]));
  });
});
