/**
 * HTML inputs for the libxml2 port's differential tests (and for the ports built on it): mail-like documents and
 * fragments, MJML output, style blocks, comments and conditional comments, entities, non-ASCII text, hostile and
 * malformed markup. Each is run through PHP's DOMDocument and through server/mail/render/libxml.
 */
import { readFileSync } from 'node:fs';

export interface HtmlCase {
  name: string;
  html: string;
}

const read = (file: string): string => readFileSync(new URL(file, import.meta.url), 'utf8');

const RECEIPT = `<html><head><style>.total{font-weight:bold}</style></head><body>
<h1>Thanks, Zoë!</h1>
<p>Order <strong>#1042</strong> — 2 items:</p>
<table class="items"><tr><td>Mug</td><td>€12.00</td></tr><tr><td class="total">Total</td><td>€24.00</td></tr></table>
<p><a href="https://shop.example.com/orders/1042?ref=mail&utm=x">View order</a></p>
</body></html>`;

export const HTML_CORPUS: readonly HtmlCase[] = [
  // Full documents
  { name: 'mjml welcome (fixtures/templates/welcome.mjml)', html: read('./mjml-welcome.html') },
  { name: 'mjml rich (non-ASCII, images, buttons, tables, social, media queries)', html: read('./mjml-rich.html') },
  { name: 'order confirmation fixture', html: read('../../../fixtures/templates/order-confirmation.html') },
  { name: 'receipt', html: RECEIPT },
  { name: 'html5 doctype', html: '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>T</title></head><body><p>x</p></body></html>' },
  { name: 'lower-case html5 doctype', html: '<!doctype html><html><body><div>a</div></body></html>' },
  {
    name: 'xhtml transitional doctype',
    html: '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><title>Hi</title></head><body style="margin:0"><table width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">Hi</td></tr></table></body></html>',
  },
  { name: 'html 4.01 strict doctype', html: '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><html><body> <p>a</p> </body></html>' },
  { name: 'doctype system only', html: "<!DOCTYPE html SYSTEM 'about:legacy-compat'><p>x</p>" },
  { name: 'doctype without name', html: '<!DOCTYPE><p>x</p>' },
  { name: 'doctype with junk', html: '<!DOCTYPE html foo bar><p>x</p>' },
  { name: 'misplaced doctype', html: '<p>a</p><!DOCTYPE html><p>b</p>' },
  { name: 'whitespace around structure', html: '<html> <head> <title>x</title> </head> <body> <p>a</p> <p>b</p> </body> </html> tail' },
  { name: 'leading comment and blanks', html: '  <!-- c --> <p>x' },
  { name: 'head elements only', html: '<title>Only</title><meta name="a" content="b"><link rel="stylesheet" href="s.css">' },
  { name: 'text in head', html: '<html><head><title>t</title>stray text<meta name="x"></head><body>b</body></html>' },
  { name: 'head after body content', html: '<p>a</p><head><title>late</title></head><style>p{}</style>' },
  { name: 'second body and html', html: '<html><body class="a"><p>x</p><body class="b"><html lang="x"><p>y</p></body></html>' },
  { name: 'content after </html>', html: '<html><body><p>a</p></body></html>\n<p>after</p>' },
  { name: 'doctype, then content after </html>', html: '<!DOCTYPE html><html><body></body></html>x<!-- y -->' },
  { name: 'comment after </html>', html: '<html><body><p>a</p></body></html><!-- end -->' },
  { name: 'pi-started document', html: '<?xml version="1.0" encoding="utf-8"?><html><body><p>x</p></body></html><p>after</p>' },
  { name: 'php pi and bare pi', html: '<p><?php echo 1; ?></p><?php><? >' },
  { name: 'empty body', html: '<html><body></body></html>' },
  { name: 'only text', html: 'Just some text & more' },
  { name: 'only blanks and text', html: '   \n  hello  \n' },
  // Fragments and structure
  { name: 'plain paragraph', html: '<p>Hello</p>' },
  { name: 'implied paragraph close', html: '<p>a<p>b<div>c</div>d' },
  { name: 'lists', html: '<ul><li>one<li>two<ul><li>nested</ul><li>three</ul><ol start="3"><li>x</li></ol><dl><dt>t<dd>d<dt>t2</dl>' },
  { name: 'empty li and p', html: '<ul><li></li><li>x</li></ul><p></p><div></div>' },
  { name: 'tables unclosed', html: '<table><tr><td>a<td>b<tr><td>c</table>' },
  { name: 'tables with sections', html: '<table><caption>c</caption><colgroup><col><col></colgroup><thead><tr><th>h</thead><tbody><tr><td>1</tbody><tfoot><tr><td>f</tfoot></table>' },
  { name: 'nested tables (mail layout)', html: '<table role="presentation"><tr><td><table><tr><td><p>in</p></td></tr></table></td><td>x</td></tr></table>' },
  { name: 'text directly in table', html: '<table>oops<tr><td>a</td></tr>more</table>' },
  { name: 'misnested inline', html: '<b><i>x</b>y</i><em>z<strong>w</em>v</strong>' },
  { name: 'end tag priorities', html: '<div><span>a</div>b</span><table><tr><td><div>c</td></tr></table></div>' },
  { name: 'stray end tags', html: '</div></p>text</span></body></html>' },
  { name: 'headings and blocks', html: '<h1>A<h2>B</h2><p>x<h3>y</h3><blockquote>q<p>r</blockquote><pre>  code\n  line</pre><hr><address>a</address>' },
  { name: 'forms', html: '<form action="/go now?a=1&b=2"><input type="text" name="q" value="a &amp; b" disabled><select multiple><option selected>a<option value="b">b</select><textarea>t &lt; u</textarea><button>Go</button></form>' },
  { name: 'a closes a', html: '<a href="/1">one<a href="/2">two</a>' },
  { name: 'inline formatting', html: '<p><b>bold</b> <i>it</i> <u>u</u> <s>s</s> <code>c</code> <small>sm</small> <sub>1</sub><sup>2</sup> <span>sp</span> <font color="red">f</font> <br> <abbr title="x">a</abbr></p>' },
  { name: 'void elements self-closed', html: '<div><br/><img src="a.png" alt=""/><hr/><input/><meta/><link/><p/>after<span/>in span</div>' },
  { name: 'unknown elements', html: '<custom-el data-x="1"><o:p></o:p><v:rect fillcolor="red"/><foo>bar</foo></custom-el><xml><o:OfficeDocumentSettings/></xml>' },
  { name: 'center font and deprecated', html: '<center><font face="Arial"><b>x<center>y</center></b></font></center>' },
  { name: 'iframe object embed', html: '<iframe src="https://x.com/e?a=1 2"></iframe><object data="x"><param name="a" value="b"></object><embed src="e.swf">' },
  { name: 'frameset and noframes', html: '<frameset><frame src="a.html"><noframes>no</noframes></frameset>' },
  { name: 'noscript in head', html: '<head><noscript><style>a{}</style></noscript></head><body>x</body>' },
  // Scripts and styles
  { name: 'script and style raw text', html: '<script>if (a<b && c>d) { x = "</p>"; }</script><style>p > a { color: red; } /* </b> */</style>' },
  { name: 'style in body with media query', html: '<body><style type="text/css">@media only screen and (max-width: 480px) { .col { width: 100% !important; } } a[x="&amp;"] {}</style><p class="col">x</p></body>' },
  { name: 'script end-tag mismatch closing outer', html: '<div><script>if (x) {</div>} y</script>z</div>' },
  { name: 'unterminated script', html: '<p>a</p><script>var x = 1; <b>not a tag' },
  { name: 'style with entities kept', html: '<style>a::before { content: "&amp; &lt;"; }</style><title>&amp; t</title>' },
  { name: 'script leading end-ish', html: '<script></ x>y</script><style></>z</style>' },
  // Comments
  { name: 'conditional comments (mso)', html: '<!--[if mso]><table><tr><td><![endif]--><div>x</div><!--[if mso]></td></tr></table><![endif]-->' },
  { name: 'downlevel-revealed conditional', html: '<!--[if !mso]><!--><div>shown</div><!--<![endif]--><![if mso]><p>vml</p><![endif]>' },
  { name: 'comment edge forms', html: '<p><!----><!-- a -- b --><!--->x--><!-- c --!>d<!-->e-->f</p>' },
  { name: 'unclosed comment swallows rest', html: '<p>before<!-- never closed <b>x</b></p>' },
  { name: 'comments in head and between cells', html: '<head><!-- h --></head><table><!-- t --><tr><!-- r --><td>x</td></tr></table>' },
  // Entities and references
  { name: 'named and numeric entities', html: '<p>caf&eacute; &amp; &lt;tag&gt; &quot;q&quot; &apos; &nbsp;x &copy; &euro; &hellip; &#233; &#xE9; &#X41; &#169;</p>' },
  { name: 'unknown and unterminated entities', html: '<p>&foo; &amp &ampx; &copy2024 &#65abc &# &#x; &#0; &#x110000; &#128; &#55296; & alone &; end&amp</p>' },
  { name: 'entities in attributes', html: '<a title="&lt;&amp;&gt; &eacute; &#233; &foo; &amp &#0;cut" href="/?a=1&amp;b=2&c=3">x</a><img alt="a&#0;b" src="x">' },
  { name: 'entity at top level', html: '&amp; top <b>x</b>' },
  { name: 'ampersand brace in attribute', html: '<p data-x="&{foo}" title="a & {b}" class="x&{y">p</p>' },
  { name: 'comment markup in attribute', html: '<p title="<!-- not a comment --> x" data-y="a <b> c">p</p>' },
  // Attributes
  { name: 'attribute quoting', html: '<p title=\'a"b\' data-a="a\'b" data-b=\'a"b\' data-c=unquoted data-d = "spaced" data-e=>x</p><p title="a\'b&quot;c">y</p>' },
  { name: 'duplicate and upper-case attributes', html: '<DIV ID="a" id="b" Class="c" CLASS="d" onClick="f()">x</DIV>' },
  { name: 'bare and boolean attributes', html: '<td nowrap foo>x</td><input type="checkbox" checked="false" disabled=""><option selected>o</option><hr noshade>' },
  { name: 'url attributes with spaces and non-ASCII', html: '<a href="  https://example.com/a b/ü?q=ä ö&x=\'y\'&z=&quot;w&quot;#frag {x}|[y]">l</a><img src="img/ñ.png"><form action="/s p"><a name="an chor">n</a><div name="no escape ü">d</div>' },
  { name: 'href with tabs and newlines', html: '<a href="https://x.com/?a=1\n&b=2\t">l</a><a href="">empty</a><a href>bare</a>' },
  { name: 'unterminated attribute quote', html: '<p><a href="https://x.com>link</a></p><p>after</p>' },
  { name: 'attribute junk', html: '<p / class="a" "junk" =x \'q\' data-ok="1">x</p><img src=x/>y' },
  { name: 'tag name with dots and long name', html: `<a.b>x</a.b><p>${'n'.repeat(120)} after<${'t'.repeat(110)}x=1>y</p>` },
  { name: 'xml namespace-ish attributes', html: '<html xmlns:v="urn:schemas-microsoft-com:vml" xml:lang="en"><body><v:roundrect arcsize="10%"><w:anchorlock/></v:roundrect></body></html>' },
  // Non-ASCII and encodings
  { name: 'non-ASCII without charset', html: '<p>Zoë — café 😀 €5</p>' },
  { name: 'non-ASCII with http-equiv meta', html: '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body><p>Zoë — café 😀 €5</p></body></html>' },
  { name: 'non-ASCII with meta charset', html: '<html><head><meta charset="utf-8"></head><body><p>naïve ☃</p></body></html>' },
  { name: 'non-ASCII before http-equiv meta', html: '<html><head><title>Résumé</title><meta http-equiv="content-type" content="text/html;charset=utf-8"></head><body>é</body></html>' },
  { name: 'non-ASCII in attribute first', html: '<p title="ü">x</p><meta charset="utf-8"><p>ü</p>' },
  { name: 'latin-1 meta', html: '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body><p>abc</p></body></html>' },
  { name: 'non-ASCII in comments and scripts', html: '<!-- ça --><p>x</p><script>var s = "é";</script><style>.é{}</style>' },
  { name: 'C1 controls and invalid chars', html: '<p>a\u0001b\u0008c\u000bd\u007fe\u0085f\uFFFEg</p><p title="x\u0001y">t</p>' },
  { name: 'CRLF and tabs', html: '<p>line1\r\nline2\r\n\tindented</p>\r\n<p title="a\r\nb">x</p>' },
  { name: 'NUL truncates', html: '<p>before\u0000after</p>' },
  { name: 'BOM', html: '\uFEFF<p>bom é</p>' },
  // Malformed and hostile
  { name: 'stray less-than', html: '<p>a < b and 3<4 <> <_x> <:y> <1> </ p> </></p>' },
  { name: 'broken tags', html: '<p <b>x</b><div class="a"<span>y</span>' },
  { name: 'unclosed start tag at end', html: '<div><p class="x"' },
  { name: 'end tag with attributes and junk', html: '<div>x</div class="y" junk>z</div >w' },
  { name: 'cdata section', html: '<p><![CDATA[ x < y ]]></p>' },
  { name: 'long blank run in html', html: `<html>${' '.repeat(1200)}<body>x</body></html>` },
  { name: 'blank run then entity in head', html: '<head>  &amp;</head>' },
  { name: 'deep nesting', html: '<div>'.repeat(300) + 'deep' + '</div>'.repeat(300) },
  { name: 'many unclosed', html: '<span><b><i><u><font>'.repeat(50) + 'x' },
  { name: 'formatting: nested blocks', html: '<div><div><p>a</p><p>b</p></div><ul><li>x</li><li><div>y</div><div>z</div></li></ul><table><tr><td>1</td><td>2</td></tr></table><pre><b>p</b><i>q</i></pre><p><span>s</span><div>t</div></p></div>' },
  { name: 'formatting: text and comments between blocks', html: '<div>t<div>a</div>u<div>b</div><!-- c --><div>d</div></div><section><div>x</div><div>y</div></section>' },
];
