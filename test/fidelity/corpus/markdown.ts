/**
 * The markdown corpus: inputs for RenderMarkdownToHtmlAction (league/commonmark 2.3 with the table, strikethrough
 * and autolink extensions and tempest/highlight's code renderers), compared byte for byte with the oracle by
 * test/fidelity/markdown.test.ts.
 */
import { readFileSync } from 'node:fs';

export interface MarkdownCase {
  readonly name: string;
  readonly markdown: string;
}

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/templates/${name}`, import.meta.url), 'utf8');

export const MARKDOWN_CORPUS: readonly MarkdownCase[] = [
  // Paragraphs and breaks
  { name: 'empty', markdown: '' },
  { name: 'whitespace only', markdown: '   \n\n  \t\n' },
  { name: 'one paragraph', markdown: 'Hello world' },
  { name: 'two paragraphs', markdown: 'First paragraph.\n\nSecond paragraph.' },
  { name: 'soft break', markdown: 'line one\nline two' },
  { name: 'hard break with spaces', markdown: 'line one  \nline two' },
  { name: 'hard break with backslash', markdown: 'line one\\\nline two' },
  { name: 'trailing spaces at end of paragraph', markdown: 'end   \n\nnext' },
  { name: 'crlf line endings', markdown: 'one\r\ntwo\r\n\r\n# three\r\n' },
  { name: 'tabs', markdown: '\tindented with tab\n\n-\tlist with tab' },
  // Headings
  { name: 'atx headings', markdown: '# H1\n## H2\n### H3\n#### H4\n##### H5\n###### H6\n####### not a heading' },
  { name: 'atx closing hashes', markdown: '# Title #\n## Title ##   \n### Title # with hash' },
  { name: 'atx empty and no space', markdown: '#\n#nospace\n# \n' },
  { name: 'setext headings', markdown: 'Title\n=====\n\nSubtitle\n---\n\nMulti\nline\n===' },
  { name: 'thematic breaks', markdown: 'a\n\n***\n\n- - -\n\n___\n\nb' },
  // Emphasis
  { name: 'emphasis basics', markdown: '*em* _em_ **strong** __strong__ ***both***' },
  { name: 'intraword emphasis', markdown: 'foo*bar*baz foo_bar_baz snake_case_word' },
  { name: 'unbalanced emphasis', markdown: '**foo* *foo** ***foo* bar**' },
  { name: 'emphasis with punctuation', markdown: '*"quoted"* **foo.**bar _(paren)_ a * b * c' },
  { name: 'nested emphasis', markdown: '*foo **bar** baz* __foo _bar_ baz__' },
  { name: 'rule of three', markdown: '*foo**bar**baz* *foo**bar* **foo*bar*baz**' },
  { name: 'escapes', markdown: '\\*not em\\* \\_not\\_ \\# \\[x\\] \\\\ \\` \\a' },
  // Links
  { name: 'inline links', markdown: '[Mailcoach](https://mailcoach.app) and [with title](https://example.com "The title") and [empty]()' },
  { name: 'link title quotes', markdown: "[a](/u 'single') [b](/u (paren)) [c](</with space> \"t\")" },
  { name: 'reference links', markdown: '[full][ref] [collapsed][] [shortcut]\n\n[ref]: https://example.com/ref "Ref title"\n[collapsed]: /collapsed\n[shortcut]: <https://example.com/short>' },
  { name: 'link with special chars in url', markdown: '[x](https://example.com/a b) [y](https://example.com/ä?q=1&r=2) [z](https://example.com/"quote")' },
  { name: 'link emphasis inside', markdown: '[**bold** and `code`](https://example.com)' },
  { name: 'angle autolinks', markdown: '<https://example.com/path?x=1> <mailto:foo@example.com> <foo@example.com>' },
  { name: 'bare urls', markdown: 'Visit https://example.com/path?query=1#frag or http://example.org today.' },
  { name: 'www autolink', markdown: 'See www.example.com and www.example.com/path.' },
  { name: 'ftp autolink', markdown: 'Files at ftp://files.example.com/pub/file.zip' },
  { name: 'email autolink', markdown: 'Mail support@example.com or first.last+tag@sub.example.co.uk.' },
  { name: 'url trailing punctuation', markdown: 'Go to https://example.com. Or https://example.com/x, or (https://example.com/y) or https://example.com/z?! or https://example.com/a_ end' },
  { name: 'url with parentheses', markdown: 'https://en.wikipedia.org/wiki/Foo_(bar) and (see https://example.com/x_(y))) done' },
  { name: 'url with entity-like ending', markdown: 'https://example.com/?a=1&amp; and https://example.com&copy;' },
  { name: 'url not after word char', markdown: 'xhttps://example.com and foowww.example.com and *https://example.com* and ~www.example.com~' },
  { name: 'url inside link text', markdown: '[www.example.com](https://other.example.com) [https://a.example.com](https://b.example.com)' },
  { name: 'url in code span', markdown: '`https://example.com` and `foo@example.com`' },
  { name: 'url with underscores and stars', markdown: 'http://example.com/a_b_c and http://example.com/a*b*c' },
  { name: 'email edge cases', markdown: 'a@b.c foo-@example.com foo@example_ foo@example.com_ x.y@z.io.' },
  { name: 'ip and port urls', markdown: 'http://127.0.0.1:8080/x and http://localhost:3000/path and https://[::1]:443/' },
  // Images
  { name: 'images', markdown: '![Alt text](https://example.com/logo.png "Logo") ![](/empty-alt.png) ![*emph* alt](/a.png)' },
  { name: 'image reference and linked image', markdown: '![logo][l]\n\n[![badge](/b.svg)](https://example.com)\n\n[l]: /logo.png' },
  // Lists
  { name: 'tight bullet list', markdown: '- one\n- two\n- three' },
  { name: 'loose bullet list', markdown: '- one\n\n- two\n\n- three' },
  { name: 'list markers change', markdown: '- a\n- b\n+ c\n* d' },
  { name: 'nested lists', markdown: '- level 1\n  - level 2\n    - level 3\n  - back to 2\n- back to 1' },
  { name: 'ordered lists with start', markdown: '1. one\n2. two\n\n3) three\n4) four\n\n7. seven\n8. eight' },
  { name: 'ordered start zero and big', markdown: '0. zero\n\n123456789. big' },
  { name: 'list item with paragraphs and code', markdown: '1. First\n\n   continued paragraph\n\n       indented code\n2. Second' },
  { name: 'list interrupting paragraph', markdown: 'Paragraph\n- item\n\nParagraph\n2. not a list\n1. list' },
  { name: 'empty list items', markdown: '-\n- foo\n-\n\n1.\n2. bar' },
  { name: 'list with blockquote and fence', markdown: '- > quote\n- ```\n  code\n  ```\n- text' },
  // Blockquotes
  { name: 'blockquote', markdown: '> quoted\n> text\n\n> # heading\n> - list' },
  { name: 'blockquote lazy continuation', markdown: '> first\nlazy line\n\n> a\n>\n> b' },
  { name: 'nested blockquote', markdown: '> outer\n>> inner\n> > > deepest' },
  // Code
  { name: 'fenced code without language', markdown: '```\nplain <code> & "quotes"\n```' },
  { name: 'fenced code php', markdown: "```php\n<?php echo 'hi' . \"there\"; ?>\n```" },
  { name: 'fenced code txt', markdown: '```txt\nline 1\n\nline 3\n```' },
  { name: 'fenced code js with start', markdown: '```js{3}\nconst a = 1 < 2 && 3 > 2;\n```' },
  { name: 'fenced code odd info strings', markdown: '``` php extra words\nx\n```\n\n```{3}\ny\n```\n\n```c++\nz\n```\n\n```my-lang\nw\n```\n\n~~~ ruby\nv\n~~~' },
  { name: 'fenced code entity in info', markdown: '```&amp;x\na\n```\n\n```\\_esc\nb\n```' },
  { name: 'fenced code tildes and long fences', markdown: '~~~~\n```\ninner\n```\n~~~~\n\n````md\n```\n````' },
  { name: 'fenced code unclosed and empty', markdown: '```\n```\n\n```php\nnever closed\n\nstill code' },
  { name: 'fenced code indented', markdown: '  ```\n  indented fence\n    more\n  ```' },
  { name: 'fenced code with crlf', markdown: '```php\r\na\r\nb\r\n```\r\n' },
  { name: 'indented code', markdown: '    <?php\n    echo "x";\n\n    after blank\n\ntext' },
  { name: 'inline code', markdown: 'Use `code`, ``with ` tick``, ` spaced `, `<b>&"</b>`' },
  { name: 'inline code with language prefix', markdown: 'Run `{php}echo "hi";` and `{php}` and `{js} spaced` and `{not-word}x`' },
  { name: 'inline code across lines', markdown: '`multi\nline\ncode`' },
  // Tables
  { name: 'simple table', markdown: '| a | b |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |' },
  { name: 'table alignment', markdown: '| left | center | right | none |\n| :--- | :---: | ---: | --- |\n| l | c | r | n |' },
  { name: 'table inline formatting', markdown: '| **bold** | *em* | `code` | [link](https://example.com) |\n|---|---|---|---|\n| ~~del~~ | <b>html</b> | https://example.com | a@b.co |' },
  { name: 'table escaped pipes', markdown: '| a \\| b | `c \\| d` |\n| --- | --- |\n| e \\| f | \\\\| |' },
  { name: 'table missing and extra cells', markdown: '| a | b | c |\n|---|---|---|\n| 1 |\n| 1 | 2 | 3 | 4 |' },
  { name: 'table without body', markdown: '| only | head |\n| --- | --- |' },
  { name: 'table without outer pipes', markdown: 'a | b\n--|--\n1 | 2' },
  { name: 'table after paragraph lines', markdown: 'Intro line\n| a | b |\n| - | - |\n| 1 | 2 |\nnot a row\n\nafter' },
  { name: 'table header fewer cells than separator', markdown: '| a |\n| --- | --- |\n| 1 | 2 |' },
  { name: 'table header more cells than separator', markdown: '| a | b | c |\n| --- | --- |\n| 1 | 2 | 3 |' },
  { name: 'table in list and blockquote', markdown: '- | a | b |\n  |---|---|\n  | 1 | 2 |\n\n> | x |\n> |---|\n> | y |' },
  { name: 'table single column', markdown: '| one |\n|-----|\n| two |' },
  { name: 'table ended by blank and block', markdown: '| a | b |\n|---|---|\n| 1 | 2 |\n# heading\n| 3 | 4 |' },
  // Strikethrough
  { name: 'strikethrough double', markdown: 'This is ~~deleted~~ text.' },
  { name: 'strikethrough single', markdown: 'This is ~deleted~ text.' },
  { name: 'strikethrough triple and mixed', markdown: '~~~not code~~~ and ~~~a~~ and ~~*em*~~ and ~~un closed' },
  { name: 'strikethrough across emphasis', markdown: '~~a *b~~ c*' },
  // HTML
  { name: 'html block', markdown: '<div class="box">\n  <p>Raw <b>html</b></p>\n</div>\n\n**after**' },
  { name: 'html block types', markdown: '<!-- comment -->\n\n<script>\nlet a = "<b>";\n</script>\n\n<?php echo 1; ?>\n\n<!DOCTYPE html>\n\n<![CDATA[ x ]]>\n\n<custom-tag>\n*not md*\n\n<table><tr><td>\n*md?*\n</td></tr></table>' },
  { name: 'inline html', markdown: 'Text with <span style="color:red">red</span> and <br> and <img src="x.png" alt="x"/> and <a href="https://example.com">link</a>.' },
  { name: 'html-like but not html', markdown: 'a < b > c and <not a tag and 1<2 and <3' },
  { name: 'html comment inline', markdown: 'before <!-- inline comment --> after <!--> weird --> end' },
  // Entities
  { name: 'entities', markdown: '&copy; &amp; &nbsp; &#35; &#x22; &bogus; & AT&T &#0; &#xD800;' },
  { name: 'special characters escaped', markdown: 'Quotes " and \' and ampersand & and < >' },
  // Placeholders
  { name: 'twig with spaces', markdown: 'Hello {{ name }}!' },
  { name: 'twig without spaces', markdown: 'Hello {{name}}!' },
  { name: 'twig url in link', markdown: '[Reset]({{ url }}) and [raw]({{url}}) and <{{ url }}>' },
  { name: 'twig in code and heading', markdown: '# Hi {{ user.name }}\n\n`{{ code }}`\n\n```\n{{ block }}\n```' },
  { name: 'twig odd braces', markdown: '{{{ triple }}} {{ }} {{}} }} {{ a {{ b }} c }}' },
  { name: 'twig filters and tags', markdown: '{{ name|upper }} {% if x %}yes{% endif %} {{ "q" }}' },
  { name: 'literal percent-encoded braces', markdown: 'already @%7B%7B here @%7D%7D and %7B%7B' },
  { name: 'mailcoach placeholders', markdown: 'Hi ::first_name::, your code is **::reset_code::** at ::reset_url::' },
  { name: 'placeholder in link', markdown: '[Click](::unsubscribeUrl::) and ![img](::imageUrl::)' },
  // Non-ASCII
  { name: 'non-ascii text', markdown: 'Grüße, ünïcödé — “quotes” and emoji 🎉 and 日本語 **太字**' },
  { name: 'non-ascii emphasis flanking', markdown: '*«quoted»* and _é_ and ¡*hola*! and a*€*b' },
  { name: 'non-ascii urls', markdown: 'https://例え.jp/パス and www.münchen.de/straße and https://example.com/ümlaut?q=ä' },
  { name: 'non-ascii link labels', markdown: '[Straße][ẞ]\n\n[STRASSE]: /ss\n[ẞ]: /sharp-s' },
  // Fixture
  { name: 'fixture password-reset.md', markdown: fixture('password-reset.md') },
  {
    name: 'realistic newsletter',
    markdown:
      '# Welcome, {{ first_name }}!\n\nThanks for joining **::app_name::**. Here is what you get:\n\n1. A weekly digest\n2. Early access\n   - beta features\n   - *priority* support\n\n> Tip: reply to this mail at hello@example.com.\n\n| Plan | Price |\n|:-----|------:|\n| Pro | $9 |\n\n[Open your dashboard]({{ dashboard_url }})\n\n---\n\n<small>Unsubscribe: ::unsubscribeUrl::</small>\n',
  },
  // League's own parsing, found by differential fuzzing
  { name: 'inline html is case-sensitive', markdown: 'a <B>bold</B> and <a HREF="x">l</a> and <span class="x" data-y>t</span> and <!doctype x> and <!DOCTYPE x>' },
  { name: 'inline html match starting in a code span', markdown: 'x `<!--` </div> d and `<!--` then </div> and --> and <b>ok</b>' },
  { name: 'inline html comments by spec 0.30', markdown: 'a <!-- a -- b --> c <!----> d <!---> e <!-- ok --> f' },
  { name: 'backslash before a letter and an autolink', markdown: '\\mail@x.de and \\www.x.com and \\\\www.y.com' },
  { name: 'autolinks inside a link label are unwrapped', markdown: '[a@b.com](mailto:a@b.com) [x www.x.com y](/u) [**a@b.com**](/v) ![a@b.com](/i.png)' },
  { name: 'unanchored url regex quirk', markdown: 'see wwwww.example.com now and https:// foo http://bar.com x' },
  { name: 'upper-case scheme and www', markdown: 'WWW.EXAMPLE.COM and HTTPS://X.COM/PATH' },
  { name: 'email before an underscore delimiter', markdown: '_foo@example.com_ and _bar@example.com and baz@example.com_' },
  { name: 'url just under the pcre jit limit', markdown: `https://example.com/${'a'.repeat(8185)}` },
  { name: 'url just over the pcre jit limit', markdown: `https://example.com/${'a'.repeat(8186)}` },
  { name: 'query just over the pcre jit limit', markdown: `https://example.com/?${'a'.repeat(8185)}` },
  { name: 'table lazy rows in a list item', markdown: '- | a |\n  |---|\n| lazy |\n\n- | b |\n  |---|\n- next' },
  { name: 'table separator that is a list item', markdown: 'b-  |\n- |:-:|' },
  { name: 'table header cell count from its own line', markdown: 'a | x\nb | c\n---|---\n1 | 2' },
  { name: 'empty blockquote', markdown: '>\n\ntext\n\n> ' },
  { name: 'byte order mark', markdown: '\uFEFF# Title\n\ntext' },
  { name: 'whitespace-only last line in a fence', markdown: '```\na\n\n  ' },
  { name: 'blank lines of code in a list item', markdown: '- ```\n  a\n     \n  b\n  ```\n- a\n\n      x\n         \n      y' },
  { name: 'blocks after a tight paragraph', markdown: '- a\n  ```\n  b\n  ```\n- c\n  <div>\n  x\n  </div>\n1. x\n   <!-- c -->' },
  { name: 'paragraph continuation indentation in a code span', markdown: '`a \n   b`\n\n- `c\n      d`' },
  { name: 'strikethrough run lengths', markdown: 'a ~~~b~~~ c ~~d~~~ e ~~~f~~ g ~~~~h~~~~ i ~~j~ k ~~l~~m~~ n ~~ o ~~ p ~~**q**~~ r **~~s**~~ t ~~u ~~v~~ w~~' },
  { name: 'emphasis rule of three and flanking', markdown: '**foo bar ** __foo, __bar__, baz__ *(*foo*)* **a*b*c** ***a** b* _____foo_____ *****x***** **x* *x** 中*文*字 *a\u00a0*' },
  { name: 'link destinations and titles', markdown: '[a](http://x.com?a=1&amp;b=2) [b](/é%20ü) [c](/%E2%82%AC) [d](\\(x\\)) [e](<b)c>) [f](javascript:alert(1)) <a+b@c.d> <made-up:scheme>' },
  // Hostile input
  { name: 'deep blockquote nesting', markdown: `${'>'.repeat(500)} deep` },
  { name: 'deep list nesting', markdown: Array.from({ length: 120 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n') },
  { name: 'deep emphasis nesting', markdown: `${'*'.repeat(200)}x${'*'.repeat(200)} ${'_a '.repeat(300)}` },
  { name: 'many brackets', markdown: `${'['.repeat(2000)}x${']'.repeat(2000)} ${'[a]('.repeat(300)}` },
  { name: '100 KB line', markdown: 'word '.repeat(20_480) },
  { name: '100 KB line of symbols', markdown: '*_~`<[!&'.repeat(12_800) },
  { name: 'long url', markdown: `https://example.com/${'a'.repeat(100_000)}` },
  { name: 'many paragraph lines', markdown: 'word | x\n'.repeat(20_000) },
  { name: 'many table rows', markdown: `| a | b |\n|---|---|\n${'| x | y |\n'.repeat(2000)}` },
  { name: 'null bytes and control characters', markdown: 'nul\u0000byte and \u0001\u0007 bell and \u000b vt and \u00a0 nbsp' },
];
