/**
 * The text-part corpus: HTML inputs for Mailcoach 8's ConvertHtmlToTextAction (league/html-to-markdown 5.1's
 * HtmlConverter with strip_tags, suppress_errors and remove_nodes 'head script style', over libxml2 2.9.14's
 * HTML parser), compared byte for byte with the oracle's `text` stage by test/fidelity/text-part.test.ts. Every
 * converter and rule of the library, the sanitizing around the document, and the mails the emulator sends: MJML
 * output of the fixtures and of a richer template, the HTML fixtures, a receipt, the double opt-in mail.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface TextCase {
  readonly name: string;
  readonly html: string;
}

const fixture = (path: string): string => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8');

/** MJML as Mailcoach 8 runs it (spatie/mjml-php's options, as server/mail/render/body.ts passes them). */
function mjml(source: string): string {
  const mjml2html = createRequire(import.meta.url)('mjml') as (source: string, options: object) => { html: string };
  return mjml2html(source, { keepComments: true, beautify: false, minify: false, validationLevel: 'soft', ignoreIncludes: true }).html;
}

const RICH_MJML = `<mjml>
  <mj-head>
    <mj-title>Ihre Bestellung – Größe & Farbe</mj-title>
    <mj-preview>Danke für Ihren Einkauf *heute*</mj-preview>
    <mj-attributes><mj-all font-family="Arial" /></mj-attributes>
    <mj-style inline="inline">.note { color: #555; }</mj-style>
  </mj-head>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-image src="https://cdn.example.com/logo.png" alt="Acme_Logo [beta]" href="https://example.com/?a=1&amp;b=2" />
        <mj-text><h1>Grüß Gott, Zoë!</h1><p>Your order <b>#1042</b> of 2 × <i>Widget_Pro</i> ships today.</p></mj-text>
        <mj-text css-class="note"><ul><li>Free returns</li><li>2-year warranty <a href="https://example.com/warranty">details</a></li></ul></mj-text>
        <mj-divider border-color="#ccc" />
        <mj-table>
          <tr><th>Item</th><th>Qty</th><th>Price</th></tr>
          <tr><td>Widget | Pro</td><td>2</td><td>€ 24,00</td></tr>
          <tr><td colspan="2">Total</td><td>€ 48,00</td></tr>
        </mj-table>
        <mj-button href="https://example.com/orders/1042">Track order →</mj-button>
        <mj-spacer height="20px" />
        <mj-social mode="horizontal">
          <mj-social-element name="twitter" href="https://twitter.com/acme">Twitter</mj-social-element>
          <mj-social-element name="facebook" href="https://facebook.com/acme">Facebook</mj-social-element>
        </mj-social>
        <mj-raw><!-- raw comment --><p>Raw &amp; unescaped &lt;html&gt;</p></mj-raw>
      </mj-column>
    </mj-section>
    <mj-section><mj-column><mj-text align="center">1. Not a list. © 2025 Acme — <a href="mailto:help@example.com">help@example.com</a></mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;

/** A Mailcoach-style transactional receipt of about 600 bytes (the send benchmark's shape). */
const RECEIPT_HTML = `<html><head><style>.total{font-weight:bold}</style></head><body>
<h1>Thanks for your order, Zoë!</h1>
<p>Order <strong>#1042</strong> &mdash; placed on 12/03/2025:</p>
<table class="items"><tr><td>Mug_Classic</td><td>2 &times; &euro;12.00</td></tr><tr><td>Shipping</td><td>&euro;0.00</td></tr>
<tr><td class="total">Total</td><td class="total">&euro;24.00</td></tr></table>
<p>Ship to: 221B Baker St., London &amp; co.</p>
<p><a href="https://shop.example.com/orders/1042?ref=mail&amp;utm=x">View your order</a></p>
<p>Questions? Write to <a href="mailto:support@example.com">support@example.com</a>.</p>
</body></html>`;

/** server/audience/confirmation-mail.ts's double opt-in HTML, for a list name and link with characters to escape. */
const CONFIRMATION_MAIL =
  '<html><body><h1>Confirm your subscription</h1><p>Hey, you are almost ready to be subscribed to <strong>Acme &#38; Friends_News</strong>.</p>' +
  '<p>Let us know if it is really you by clicking the button below.</p><p><a href="http://127.0.0.1:8088/confirm-subscription/0199a4f2-6c1b-4b7e-9f1a-2f0e8c6d5b3a?redirect=https://example.com/thanks?a=1&#38;b=2">Confirm subscription</a></p>' +
  '<p>If you did not request this subscription, you can safely ignore this mail.</p></body></html>';

export const TEXT_CORPUS: readonly TextCase[] = [
  // The mails the emulator sends
  { name: 'mjml welcome (fixtures/templates/welcome.mjml)', html: mjml(fixture('templates/welcome.mjml')) },
  {
    name: 'mjml welcome with its placeholders filled',
    html: mjml(fixture('templates/welcome.mjml'))
      .replaceAll('::app_name::', 'Acme_App')
      .replaceAll('::first_name::', 'Zoë')
      .replaceAll('::confirm_url::', 'https://example.com/confirm?token=a_b&id=1'),
  },
  { name: 'mjml rich (non-ASCII, image, lists, table, button, social, raw)', html: mjml(RICH_MJML) },
  { name: 'order confirmation fixture', html: fixture('templates/order-confirmation.html') },
  { name: 'newsletter campaign template fixture', html: fixture('campaign-templates/newsletter.html') },
  { name: 'receipt', html: RECEIPT_HTML },
  { name: 'double opt-in confirmation mail', html: CONFIRMATION_MAIL },

  // Headings
  { name: 'h1 and h2 setext', html: '<h1>Title</h1><h2>Subtitle</h2><p>x</p>' },
  { name: 'h3 to h6 atx', html: '<h3>three</h3><h4>four</h4><h5>five</h5><h6>six</h6>' },
  { name: 'setext underline counts code points', html: '<h1>Grüße 😀 ok</h1><h2>日本語</h2>' },
  { name: 'empty headings', html: '<h1></h1><h2> </h2><h3></h3><p>after</p>' },
  { name: 'heading with inline markup and spaces', html: '<h1> Hello <em>big</em> <a href="/x">world</a> </h1>' },
  { name: 'headings inside blockquote are atx', html: '<blockquote><h1>Quoted</h1><h2>Sub</h2><h3>Three</h3></blockquote>' },
  { name: 'heading starting with #', html: '<h2>#1 choice</h2><h3># hash</h3>' },
  { name: 'heading with line break', html: '<h1>Line<br>two</h1>' },

  // Paragraphs, text, whitespace
  { name: 'paragraphs', html: '<p>First paragraph.</p><p>Second paragraph.</p>' },
  { name: 'whitespace runs and newlines in text', html: '<p>  a   b\n\n c\t\td \r\n e  </p><p>\n\nleading newlines</p>' },
  { name: 'unicode whitespace collapses (nbsp, thin, ideographic)', html: '<p>a&nbsp;&nbsp;b\u2009c\u3000d\u2028e\u0085f\u200bg</p>' },
  { name: 'text at body level and between blocks', html: 'loose <p>para</p> more loose <div>block</div> end ' },
  { name: 'empty and blank paragraphs', html: '<p></p><p> </p><p>&nbsp;</p><p>x</p>' },
  { name: 'paragraph with only a zero', html: '<p>0</p><p><b>0</b> and <i> 0 </i></p>' },
  { name: 'long text node with escapes', html: '<p>' + 'a_b *c* [d] \\ &amp; &lt;x&gt;  \n\t e\u00a0f\u2003g '.repeat(120) + '</p>' },
  { name: 'long text node in a div', html: '<div>\n\n#' + 'a_b *c* &amp;   d\n'.repeat(300) + '</div>' },
  { name: 'long text node starting with a hash', html: '<span>' + '# x_y '.repeat(500) + '</span>' },

  // Line breaks
  { name: 'br is a hard break', html: '<p>line one<br>line two<br/>line three</p>' },
  { name: 'br at start and end', html: '<p><br>middle<br></p><br><br>' },
  { name: 'br in li before a list marker', html: '<ul><li>a<br>- b</li><li>c<br>* d</li><li>e<br>+ f</li><li>g<br>-h</li></ul>' },
  { name: 'br in li before an element starting with a marker', html: '<ul><li>x<br><span>- y</span></li><li>x<br><!-- - c --></li></ul>' },

  // Emphasis
  { name: 'emphasis and strong', html: '<p><em>em</em> <i>i</i> <strong>strong</strong> <b>b</b></p>' },
  { name: 'nested emphasis', html: '<p><b>bold <i>both</i> bold</b> <i><b>x</b></i></p>' },
  { name: 'adjacent emphasis merges', html: '<p><em>foo</em><em>bar</em> <b>a</b><strong>b</strong><b>c</b> <i>x</i><b>y</b></p>' },
  { name: 'emphasis with surrounding spaces', html: '<p>a<b> spaced </b>b<em>\ttab</em>c</p>' },
  { name: 'blank emphasis', html: '<p>a<b> </b>b<i></i>c<strong>\n</strong>d</p>' },
  { name: 'emphasis around block content', html: '<b><p>para in bold</p></b>' },

  // Links
  { name: 'link with text', html: '<p><a href="https://example.com/page">Example page</a></p>' },
  { name: 'link with title', html: '<p><a href="https://example.com" title="The &quot;site&quot;">site</a></p>' },
  { name: 'autolinks', html: '<p><a href="https://example.com">https://example.com</a> <a href="ftp://x.org/a">ftp://x.org/a</a> <a href="x:y">x:y</a></p>' },
  { name: 'mailto autolink', html: '<p><a href="mailto:ada@example.com">ada@example.com</a> <a href="mailto:bob_x@example.com">bob_x@example.com</a></p>' },
  { name: 'mailto with other text', html: '<p><a href="mailto:ada@example.com">Write to Ada</a> <a href="mailto:not-an-email">not-an-email</a></p>' },
  { name: 'empty link', html: '<p>before <a href="https://example.com"></a> after</p>' },
  { name: 'link without href', html: '<p><a name="top" id="t">anchor &amp; text</a> and <a>bare</a></p>' },
  { name: 'link with empty or zero href', html: '<p><a href="">empty</a> <a href="0">zero</a> <a href>bare attr</a></p>' },
  { name: 'link href with spaces and placeholders', html: '<p><a href="https://example.com/a b">spaced</a> <a href="::unsubscribeUrl::">Unsubscribe</a></p>' },
  { name: 'link with nested markup and newlines', html: '<p><a href="/x">\n  <b>Bold</b> link\n</a></p>' },
  { name: 'link with entities in href', html: '<p><a href="https://x.com/?a=1&amp;b=2&lt;">q</a></p>' },
  { name: 'link around an image', html: '<a href="https://example.com"><img src="https://example.com/a.png" alt="Logo"></a>' },

  // Images
  { name: 'image with alt', html: '<p><img src="https://example.com/a.png" alt="An image"></p>' },
  { name: 'image without alt', html: '<p><img src="https://example.com/a.png"></p>' },
  { name: 'image with title', html: '<p><img src="a.png" alt="A" title="Title &amp; more"></p>' },
  { name: 'image without src', html: '<img alt="nothing">' },

  // Lists
  { name: 'unordered list', html: '<ul><li>one</li><li>two</li><li>three</li></ul>' },
  { name: 'ordered list', html: '<ol><li>one</li><li>two</li></ol>' },
  { name: 'nested lists', html: '<ul><li>a<ul><li>a1</li><li>a2<ol><li>deep</li></ol></li></ul></li><li>b</li></ul>' },
  { name: 'ol start', html: '<ol start="5"><li>five</li><li>six</li></ol><ol start="0"><li>zero?</li></ol><ol start="-2"><li>m2</li><li>m1</li></ol>' },
  { name: 'ol start unusual values', html: '<ol start="1e2"><li>a</li></ol><ol start=" 7x"><li>b</li></ol><ol start="abc"><li>c</li></ol><ol start="99999999999999999999"><li>d</li></ol>' },
  { name: 'li with paragraphs', html: '<ul><li><p>para one</p><p>para two</p></li><li>plain</li></ul>' },
  { name: 'list with whitespace and comments between items', html: '<ol>\n  <li>a</li>\n  <!-- c -->\n  <li>b</li>\n</ol>' },
  { name: 'list with non-li children', html: '<ul><span>x</span><li>a</li>text<li>b</li></ul>' },
  { name: 'li outside a list', html: '<div><li>loose one</li><li>loose two</li></div>' },
  { name: 'multi-line list item', html: '<ul><li>line<br>next<p>para</p></li></ul>' },
  { name: 'list in a table cell', html: '<table><tr><td><ul><li>a</li></ul></td></tr></table>' },

  // Blockquotes
  { name: 'blockquote', html: '<blockquote>A quote</blockquote>' },
  { name: 'blockquote with paragraphs', html: '<blockquote><p>one</p><p>two</p></blockquote>' },
  { name: 'nested blockquote', html: '<blockquote><p>outer</p><blockquote><p>inner</p></blockquote></blockquote>' },
  { name: 'empty blockquote', html: '<blockquote></blockquote><p>x</p>' },

  // Code
  { name: 'inline code', html: '<p>Run <code>npm install</code> now</p>' },
  { name: 'inline code with markup and entities', html: '<p><code>a &lt; b &amp;&amp; <b>c</b> * _d_</code></p>' },
  { name: 'inline code with newlines', html: '<p><code>line1\nline2\r\nline3</code></p>' },
  { name: 'code with spaced backticks becomes a block', html: '<p><code>x` `y</code></p>' },
  { name: 'pre', html: '<pre>  indented\n    more\n</pre>' },
  { name: 'pre with code and language', html: '<pre><code class="language-php foo">echo "&lt;b&gt;";\n$a = 1;</code></pre>' },
  { name: 'pre with markup inside', html: '<pre class="x" data-b="2" data-a="1"><b>bold</b> <i title="t&quot;">i</i><br><!-- c --><img src=x></pre>' },
  { name: 'empty pre and code', html: '<pre></pre><p><code></code></p>' },
  { name: 'pre with a doctype and html text', html: '<pre>&lt;!DOCTYPE html&gt;\n&lt;html&gt;</pre>' },
  { name: 'code inside pre inside code', html: '<code>a<pre>b<code>c</code></pre></code>' },
  { name: 'processing instructions in pre and code', html: '<pre><?php echo 1; ?></pre><p><code><?x a &amp; b?></code></p>' },

  // Tables (no TableConverter by default: their text only)
  { name: 'table with thead and tbody', html: '<table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><td>Mug</td><td>2</td></tr></tbody></table>' },
  { name: 'table with caption, pipes and colspan', html: '<table><caption>Items | all</caption><tr><td colspan="2">a|b</td></tr><tr><td>c</td><td align="right">d</td></tr></table>' },
  { name: 'layout table with whitespace', html: '<table>\n  <tr>\n    <td>\n      Hello\n    </td>\n    <td>World</td>\n  </tr>\n</table>' },

  // Horizontal rules and blocks
  { name: 'hr', html: '<p>above</p><hr><p>below</p>' },
  { name: 'div and span mix', html: '<div>block <span>inline</span> text</div><span>after</span><div><div>nested</div></div>' },
  { name: 'div text is not escaped', html: '<div>a_b *c* [d] \\e</div><span>a_b *c*</span>' },
  { name: 'inline-block mixes', html: '<div>one<p>two</p>three<span> four </span><div>five</div></div>' },

  // Escaping
  { name: 'markdown characters in text', html: '<p>a_b *c* [d] \\e `f` |g| !h #i +j -k .l &gt;m</p>' },
  { name: 'line-start characters', html: '<p># hash</p><p>- dash</p><p>+ plus</p><p>&gt; quote</p><p>-- two</p><p>--- three</p><p>~~~ tilde</p><p>- - -</p><p>+plus</p><p>-dash</p>' },
  { name: 'numbers followed by a dot or parenthesis', html: '<p>1. one</p><p>2) two</p><p>2025.</p><p>3.14</p><p>10.5 x</p><p>4)x</p>' },
  { name: 'line-start characters after a break', html: '<p>x<br>- y<br>1. z<br># w<br>&gt; q</p>' },
  { name: 'comment opener in text', html: '<p>a &lt;!-- b</p><p><code>&lt;!--</code></p>' },

  // Entities and characters
  { name: 'entities', html: '<p>&amp; &lt; &gt; &quot; &#39; &apos; &copy; &euro; &#x1F600; &#8212; &amp;amp; &unknown;</p>' },
  { name: 'nbsp entity', html: '<p>a&nbsp;b &nbsp; c</p><p>&nbsp;</p>' },
  { name: 'non-ASCII text', html: '<p>Grüße aus Köln — ça va? 日本語 Ελληνικά עברית 😀👍🏽</p>' },
  { name: 'C1 control characters', html: '<p>a\u0080b\u0085c\u009fd</p><pre>e\u0080f</pre>' },
  { name: 'control characters', html: '<p>a\u0001b\u000bc\u000cd\u007fe</p><pre>f\u000cg\u0001h</pre>' },
  { name: 'literal entity-like text', html: '<p>&amp;eacute; &amp;#65; &amp;#x41;</p><pre>&amp;eacute; &amp;#65;</pre>' },
  { name: 'carriage return reference', html: '<p>a&#13;b</p><p><code>x&#13;y</code></p><pre>&#13;</pre>' },

  // Comments, head, script, style
  { name: 'comments are dropped', html: '<p>a<!-- hidden -->b</p><!-- between --><p>c</p>' },
  { name: 'conditional comments (mso)', html: '<!--[if mso]><table><tr><td><![endif]--><p>content</p><!--[if mso]></td></tr></table><![endif]-->' },
  { name: 'comment only', html: '<!-- only a comment -->' },
  { name: 'comments before and after the document', html: '<!-- before --><html><body><p>x</p></body></html><!-- after -->' },
  { name: 'comment after a document without body', html: '<html><head><title>t</title></head></html><!-- z -->' },
  { name: 'head, script and style removed', html: '<html><head><title>T</title><style>p{color:red}</style></head><body><script>alert(1)</script><p>x</p><style>.a{}</style><noscript>ns</noscript></body></html>' },
  { name: 'script in body with markup-like content', html: '<p>a</p><script>if (a < b && c > d) { x = "<p>" }</script><p>b</p>' },
  { name: 'title outside head', html: '<title>Page title</title><p>body</p>' },

  // Documents and fragments
  { name: 'full document with doctype', html: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Doc</title>\n</head>\n<body>\n<p>Hello</p>\n</body>\n</html>\n' },
  { name: 'xhtml doctype document', html: '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>' },
  { name: 'doctype without name', html: '<!DOCTYPE><p>x</p>' },
  { name: 'fragment without html or body', html: '<p>Just a <b>fragment</b></p>' },
  { name: 'plain text only', html: 'Just text, no tags.' },
  { name: 'empty input', html: '' },
  { name: 'whitespace input', html: ' \n\t ' },
  { name: 'nbsp-only input', html: '\u00a0' },
  { name: 'text starting with html tag text', html: '<pre>&lt;html&gt;x&lt;/html&gt;</pre>' },
  { name: 'text that sanitize strips', html: '<pre>&lt;body&gt;x&lt;/body&gt;</pre>' },
  { name: 'carriage return reference prefix', html: '<code>&amp;#xD;</code> tail' },
  { name: 'leading spaces kept', html: '<span>   indented start</span>' },
  { name: 'meta charset in head', html: '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body><p>é</p></body></html>' },
  { name: 'processing instructions in body', html: '<p>a<?php echo 1 ?>b</p><?p para-pi?><?h1 heading?><?bare>' },
  { name: 'xml declaration in input', html: '<?xml version="1.0" encoding="UTF-8"?><p>x</p>' },
  { name: 'frameset document', html: '<html><frameset><frame src="a.html"></frameset></html>' },
  { name: 'text after </html> (a second html element, left as HTML)', html: '<html> <head> <title>x</title> </head> <body> <p>a</p> <p>b</p> </body> </html> tail' },
  { name: 'tracking pixel after </html>', html: '<html><body><p>Hi</p></body></html>\n<img src="https://t.example.com/open.gif?u=1&amp;m=2" width="1" height="1">' },
  { name: 'non-ASCII and entities after </html>', html: '<html><body><p>a</p></body></html><p>é € 😀 &amp; &lt;b&gt; \u0085</p>' },
  { name: 'empty body then text and a comment after </html>', html: '<!DOCTYPE html><html><body></body></html>x<!-- y -->' },
  { name: 'comment between a bodiless document and more content', html: '<html><head><title>t</title></head></html><!-- c --><p>x</p>' },

  // Malformed HTML
  { name: 'unclosed tags', html: '<p>one<p>two<div>three<b>bold<i>both' },
  { name: 'misnested tags', html: '<b>bold <i>both</b> italic</i> plain' },
  { name: 'stray end tags', html: '</p></div>text</span><p>para</b></p>' },
  { name: 'broken attributes', html: '<a href="https://x.com title=oops>link</a><img src=a.png alt=>' },
  { name: 'unterminated comment', html: '<p>a</p><!-- never closed <p>b</p>' },
  { name: 'lone angle brackets', html: '<p>a < b > c <> d</p><p>< p></p>' },
  { name: 'table inside paragraph', html: '<p>before<table><tr><td>cell</td></tr></table>after</p>' },
  { name: 'nested anchors', html: '<a href="/a">one <a href="/b">two</a> three</a>' },
  { name: 'nested paragraphs in lists', html: '<ul><li><p>a</li><li>b</p></li></ul>' },

  // Hostile names
  { name: 'hostile tag names', html: '<constructor>c</constructor><__proto__>p</__proto__><toString>t</toString><hasOwnProperty>h</hasOwnProperty>' },
  { name: 'uppercase tags and attributes', html: '<P>Para</P><H1>Head</H1><A HREF="/x" TITLE="T">link</A><UL><LI>item</LI></UL>' },
  { name: 'unknown elements', html: '<custom-el>custom</custom-el><o:p>office</o:p><x-y><p>inner</p></x-y>' },
  { name: 'deep nesting within limits', html: '<div>'.repeat(100) + 'deep' + '</div>'.repeat(100) },
  { name: 'deep nesting past libxml2 depth limit', html: '<blockquote>'.repeat(300) + 'deep' + '</blockquote>'.repeat(300) },
  { name: 'deep nested lists', html: '<ul><li>'.repeat(30) + 'x' + '</li></ul>'.repeat(30) },
];
