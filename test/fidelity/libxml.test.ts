/**
 * Differential test of the libxml2 port (server/mail/render/libxml): every corpus input through PHP's DOMDocument
 * (test/fidelity/oracle.php) and through parseHtml + serializeHtml, compared as exact strings, in each way the
 * Mailcoach libraries load and save HTML.
 */
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../server/mail/render/libxml/c14n.js';
import type { DocumentNode, ElementNode, Node } from '../../server/mail/render/libxml/dom.js';
import { documentElement, loadForCssInliner, loadForHtmlToMarkdown } from '../../server/mail/render/libxml/load.js';
import { parseHtml } from '../../server/mail/render/libxml/parse.js';
import { serializeHtml } from '../../server/mail/render/libxml/serialize.js';
import { HTML_CORPUS } from './corpus/html.js';
import { type OracleCase, oracleAvailable, oracleOutput, runOracle } from './oracle.js';

/** getElementsByTagName('*'): the document's elements in document order. */
function elements(doc: DocumentNode): ElementNode[] {
  const found: ElementNode[] = [];
  const pending: Node[] = [...doc.children].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type !== 'element') continue;
    found.push(node);
    for (let k = node.children.length - 1; k >= 0; k--) pending.push(node.children[k]!);
  }
  return found;
}

/** Each oracle stage done with the port. */
const STAGES: Record<string, (input: string) => string> = {
  dom: (input) => serializeHtml(parseHtml(input), { format: false }),
  'dom-format': (input) => serializeHtml(parseHtml(input), { format: true }),
  'dom-utf8': (input) => serializeHtml(loadForHtmlToMarkdown(input), { format: false }),
  'dom-inline': (input) => {
    const doc = loadForCssInliner(input);
    // saveHTML(null) when there is no document element: the whole document.
    return serializeHtml(documentElement(doc) ?? doc, { format: true });
  },
  'dom-inline-rest': (input) => {
    const doc = loadForCssInliner(input);
    const root = documentElement(doc);
    if (root !== null) doc.children.splice(doc.children.indexOf(root), 1);
    return serializeHtml(doc, { format: true });
  },
  'dom-c14n': (input) => elements(loadForHtmlToMarkdown(input)).map(canonicalize).join('\n--\n'),
};

const run = oracleAvailable();

describe.runIf(run)('libxml2 HTML port against PHP DOMDocument', () => {
  const stages = Object.keys(STAGES);
  // oracle.ts types the stages other tests use; the extra dom-* stages are this test's own (oracle.php).
  const cases = HTML_CORPUS.flatMap(({ html }) =>
    stages.map((stage) => ({ stage, input: html }) as unknown as OracleCase),
  );
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
