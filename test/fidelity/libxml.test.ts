/**
 * Differential test of the libxml2 port (server/mail/render/libxml): every corpus input through PHP's DOMDocument
 * (test/fidelity/oracle.php) and through parseHtml + serializeHtml, compared as exact strings, in each way the
 * Mailcoach libraries load and save HTML.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentNode, ElementNode } from '../../server/mail/render/libxml/dom.js';
import { parseHtml } from '../../server/mail/render/libxml/parse.js';
import { serializeHtml } from '../../server/mail/render/libxml/serialize.js';
import { HTML_CORPUS } from './corpus/html.js';
import { type OracleCase, oracleAvailable, oracleOutput, runOracle } from './oracle.js';

/** mb_encode_numericentity($html, [0x80, 0x10FFFF, 0, 0x1FFFFF], 'UTF-8'), as CssToInlineStyles loads. */
function numericEntities(html: string): string {
  return html.replace(/[^\x00-\x7F]/gu, (char) => `&#${char.codePointAt(0)};`);
}

/** DOMDocument::$documentElement (xmlDocGetRootElement: the first element child). */
function documentElement(doc: DocumentNode): ElementNode | null {
  return doc.children.find((child): child is ElementNode => child.type === 'element') ?? null;
}

/** Each oracle stage done with the port. */
const STAGES: Record<string, (input: string) => string> = {
  dom: (input) => serializeHtml(parseHtml(input), { format: false }),
  'dom-format': (input) => serializeHtml(parseHtml(input), { format: true }),
  'dom-utf8': (input) => serializeHtml(parseHtml('<?xml encoding="UTF-8">' + input), { format: false }),
  'dom-inline': (input) => {
    const doc = parseHtml(numericEntities(input));
    // saveHTML(null) when there is no document element: the whole document.
    return serializeHtml(documentElement(doc) ?? doc, { format: true });
  },
  'dom-inline-rest': (input) => {
    const doc = parseHtml(numericEntities(input));
    const root = documentElement(doc);
    if (root !== null) doc.children.splice(doc.children.indexOf(root), 1);
    return serializeHtml(doc, { format: true });
  },
};

const run = oracleAvailable();

describe.runIf(run)('libxml2 HTML port against PHP DOMDocument', () => {
  const stages = Object.keys(STAGES);
  // oracle.ts types the stages other tests use; the extra dom-* stages are this test's own (oracle.php).
  const cases = HTML_CORPUS.flatMap(({ html }) => stages.map((stage) => ({ stage, input: html }) as unknown as OracleCase));
  const results = run ? runOracle(cases) : [];

  it('has a corpus of at least 80 inputs', () => {
    expect(HTML_CORPUS.length).toBeGreaterThanOrEqual(80);
  });

  HTML_CORPUS.forEach(({ name, html }, k) => {
    it.each(stages.map((stage, j) => ({ stage, j })))(`${name} (%s)`, ({ stage, j }) => {
      const expected = oracleOutput(results[k * stages.length + j]);
      expect(STAGES[stage]!(html)).toBe(expected);
    });
  });
});
