/**
 * Differential test of the text-part port (server/mail/render/text-part): every corpus input through Mailcoach's
 * ConvertHtmlToTextAction (test/fidelity/oracle.php, stage `text`) and through htmlToText, compared as exact
 * strings. A second run feeds the converter libxml2's own tree (PHP's DOMDocument::loadHTML, dumped as JSON), so
 * that a difference shows whether the converters or the HTML parser port (server/mail/render/libxml) made it.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { DocumentNode, ElementNode, Node } from '../../server/mail/render/libxml/dom.js';
import { convertDocument } from '../../server/mail/render/text-part/document.js';
import { htmlEntityDecode } from '../../server/mail/render/text-part/entities.js';
import { htmlToText } from '../../server/mail/render/text-part/index.js';
import { isPhpValidEmail } from '../../server/mail/render/text-part/php.js';
import { TEXT_CORPUS } from './corpus/text.js';
import { oracleAvailable, oracleOutput, runOracle } from './oracle.js';

const run = oracleAvailable();

/** DOMDocument::loadHTML('<?xml encoding="UTF-8">' . $html), as HtmlConverter::createDOMDocument() loads it, as JSON. */
const DUMP_TREES = `
function dumpNode($node) {
  switch ($node->nodeType) {
    case XML_ELEMENT_NODE:
      $attributes = [];
      foreach ($node->attributes as $attribute) $attributes[] = [$attribute->name, $attribute->firstChild === null ? null : $attribute->value];
      $children = [];
      foreach ($node->childNodes as $child) $children[] = dumpNode($child);
      return ['element', $node->nodeName, $attributes, $children];
    case XML_TEXT_NODE: return ['text', $node->data, false];
    case XML_CDATA_SECTION_NODE: return ['text', $node->data, true];
    case XML_COMMENT_NODE: return ['comment', $node->data];
    case XML_PI_NODE: return ['pi', $node->target, $node->data, $node->C14N() === '<?' . $node->target . '?>'];
    case XML_DOCUMENT_TYPE_NODE: return ['doctype', $node->name, $node->publicId === '' ? null : $node->publicId, $node->systemId === '' ? null : $node->systemId];
  }
  return ['comment', 'unexpected node type ' . $node->nodeType];
}
$trees = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $html) {
  if (trim($html) === '') { $trees[] = null; continue; }
  $document = new DOMDocument();
  libxml_use_internal_errors(true);
  $document->loadHTML('<?xml encoding="UTF-8">' . $html);
  libxml_clear_errors();
  $children = [];
  foreach ($document->childNodes as $child) $children[] = dumpNode($child);
  $trees[] = $children;
}
echo json_encode($trees, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE, 100000);
`;

type Dumped =
  | ['element', string, [string, string | null][], Dumped[]]
  | ['text', string, boolean]
  | ['comment', string]
  | ['pi', string, string, boolean]
  | ['doctype', string, string | null, string | null];

function buildNode(dumped: Dumped, parent: ElementNode | DocumentNode): Node {
  switch (dumped[0]) {
    case 'element': {
      const element: ElementNode = {
        type: 'element',
        name: dumped[1],
        attributes: dumped[2].map(([name, value]) => ({ name, value })),
        children: [],
        parent,
      };
      element.children = dumped[3].map((child) => buildNode(child, element));
      return element;
    }
    case 'text':
      return dumped[2]
        ? { type: 'text', value: dumped[1], cdata: true, parent }
        : { type: 'text', value: dumped[1], parent };
    case 'comment':
      return { type: 'comment', value: dumped[1], parent };
    case 'pi':
      return dumped[3]
        ? { type: 'pi', target: dumped[1], value: dumped[2], bare: true, parent }
        : { type: 'pi', target: dumped[1], value: dumped[2], parent };
    case 'doctype':
      return { type: 'doctype', name: dumped[1], publicId: dumped[2], systemId: dumped[3], parent };
  }
}

function libxmlTrees(inputs: readonly string[]): (DocumentNode | null)[] {
  const out = execFileSync('php', ['-d', 'memory_limit=512M', '-r', DUMP_TREES], {
    input: JSON.stringify(inputs),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return (JSON.parse(out) as (Dumped[] | null)[]).map((children) => {
    if (children === null) return null;
    const document: DocumentNode = { type: 'document', children: [] };
    document.children = children.map((child) => buildNode(child, document));
    return document;
  });
}

describe.runIf(run)('ConvertHtmlToTextAction port against PHP', () => {
  const expected = run
    ? runOracle(TEXT_CORPUS.map((c) => ({ stage: 'text' as const, input: c.html }))).map(oracleOutput)
    : [];
  const trees = run ? libxmlTrees(TEXT_CORPUS.map((c) => c.html)) : [];
  const cases = TEXT_CORPUS.map((c, i) => [c.name, i] as const);

  it('has a corpus of at least 70 inputs', () => {
    expect(TEXT_CORPUS.length).toBeGreaterThanOrEqual(70);
  });

  describe('htmlToText (libxml2 parser port, then the converters)', () => {
    it.each(cases)('%s', (_, i) => {
      expect(htmlToText(TEXT_CORPUS[i]!.html)).toBe(expected[i]);
    });
  });

  // Mailcoach converts a template's HTML after CssToInlineStyles (RenderTemplateAction): the mails again, inlined.
  const mails = TEXT_CORPUS.slice(0, 7);
  const inlined = run
    ? runOracle(mails.map((c) => ({ stage: 'inline' as const, input: c.html }))).map(oracleOutput)
    : [];
  const inlinedExpected = run
    ? runOracle(inlined.map((input) => ({ stage: 'text' as const, input }))).map(oracleOutput)
    : [];

  describe('htmlToText after CssToInlineStyles', () => {
    it.each(mails.map((c, i) => [c.name, i] as const))('%s', (_, i) => {
      expect(htmlToText(inlined[i]!)).toBe(inlinedExpected[i]);
    });
  });

  describe("the converters on libxml2's own tree", () => {
    it.each(cases)('%s', (_, i) => {
      const tree = trees[i];
      expect(tree === null || tree === undefined ? '' : (convertDocument(tree) ?? '')).toBe(expected[i]);
    });
  });
});

/** Runs `code` (PHP reading a JSON array from stdin as $in and echoing JSON) and parses its answer. */
function php(code: string, input: unknown): unknown {
  return JSON.parse(execFileSync('php', ['-r', code], { input: JSON.stringify(input), encoding: 'utf8' }));
}

describe.runIf(run)('the PHP built-ins the converters use, against PHP', () => {
  it('filter_var(FILTER_VALIDATE_EMAIL) (LinkConverter::isValidEmail)', () => {
    const locals = [
      'a',
      'first.last',
      'x+y',
      'a_b',
      "o'hara",
      '.a',
      'a.',
      'a..b',
      '"quoted"',
      '"a b"',
      'A.B',
      'ü',
      'a'.repeat(64),
      'a'.repeat(65),
      'a b',
      '',
      'a@b',
    ];
    const domains = [
      'b.co',
      'example.com',
      'sub.example.org',
      'b',
      'xn--bcher-kva.de',
      'a-b.c-d.com',
      '-a.com',
      'a-.com',
      'a.b-',
      '1.com',
      'a.1com',
      'a.c1',
      '[127.0.0.1]',
      '[IPv6:::1]',
      'EXAMPLE.COM',
      `${'d'.repeat(63)}.com`,
      `${'d'.repeat(64)}.com`,
      'a.b.c.d.e.f.g.h',
      '',
      'a..b',
    ];
    const addresses = locals.flatMap((local) => domains.map((domain) => `${local}@${domain}`));
    addresses.push(
      `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`,
      'a@b.co\n',
      ' a@b.co',
    );
    const expected = php(
      'echo json_encode(array_map(fn ($e) => filter_var($e, FILTER_VALIDATE_EMAIL) !== false, json_decode(stream_get_contents(STDIN))));',
      addresses,
    );
    expect(addresses.map(isPhpValidEmail)).toEqual(expected);
  });

  it('html_entity_decode($s, ENT_QUOTES | ENT_HTML401, UTF-8) (sanitize, getChildrenAsString)', () => {
    const names =
      'quot amp lt gt apos nbsp eacute Eacute euro hellip rarr lang rang thetasym sigmaf AMP Amp copy COPY reg trade zwj zwnj lrm'.split(
        ' ',
      );
    const inputs = [
      ...names.map((name) => `&${name};`),
      ...[
        '0',
        '9',
        '10',
        '13',
        '31',
        '32',
        '39',
        '65',
        '127',
        '128',
        '133',
        '159',
        '160',
        '55296',
        '57343',
        '65534',
        '1114111',
        '1114112',
        '0000065',
        '99999999999999999999',
      ].map((n) => `&#${n};`),
      ...['41', 'D', 'd', '1F600', 'FFFE', 'DFFF', '110000', '0041'].flatMap((n) => [`&#x${n};`, `&#X${n};`]),
      '&amp',
      '&#65',
      '&#x;',
      '&#;',
      '&;',
      '&a;',
      '&amp;amp;',
      'a & b',
      '&&amp;;',
      '&#x41',
      '&am p;',
      'x&eacute',
      '&eacute;&eacute;',
      'é&euro;😀',
    ];
    const expected = php(
      'echo json_encode(array_map(fn ($s) => html_entity_decode($s, ENT_QUOTES, "UTF-8"), json_decode(stream_get_contents(STDIN))), JSON_INVALID_UTF8_SUBSTITUTE);',
      inputs,
    );
    expect(inputs.map(htmlEntityDecode)).toEqual(expected);
  });
});
