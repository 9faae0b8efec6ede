/**
 * The CSS inliner corpus: inputs for `(new CssToInlineStyles)->convert($html)` (tijsverkoyen/css-to-inline-styles
 * 2.2, Symfony CssSelector 5.4, libxml2 2.9.14), compared byte for byte with the oracle's `inline` stage by
 * test/fidelity/css-inliner.test.ts. Covers documents with and without doctype, fragments, style blocks, every
 * selector kind mail uses and those Symfony refuses, the property merge, and the fixtures' templates.
 */
import { readFileSync } from 'node:fs';

export interface CssCase {
  readonly name: string;
  readonly html: string;
}

const fixture = (path: string): string => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8');

/** fixtures/templates/welcome.mjml through mjml 4.18 with Mailcoach's options (test/fidelity/mjml-oracle.ts). */
const WELCOME_MJML_HTML = "<!doctype html>\n<html lang=\"und\" dir=\"auto\" xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:v=\"urn:schemas-microsoft-com:vml\" xmlns:o=\"urn:schemas-microsoft-com:office:office\">\n  <head>\n    <title>Welcome to ::app_name::</title>\n    <!--[if !mso]><!-->\n    <meta http-equiv=\"X-UA-Compatible\" content=\"IE=edge\">\n    <!--<![endif]-->\n    <meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">\n    <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n    <style type=\"text/css\">\n      #outlook a { padding:0; }\n      body { margin:0;padding:0;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%; }\n      table, td { border-collapse:collapse;mso-table-lspace:0pt;mso-table-rspace:0pt; }\n      img { border:0;height:auto;line-height:100%; outline:none;text-decoration:none;-ms-interpolation-mode:bicubic; }\n      p { display:block;margin:13px 0; }\n    </style>\n    <!--[if mso]>\n    <noscript>\n    <xml>\n    <o:OfficeDocumentSettings>\n      <o:AllowPNG/>\n      <o:PixelsPerInch>96</o:PixelsPerInch>\n    </o:OfficeDocumentSettings>\n    </xml>\n    </noscript>\n    <![endif]-->\n    <!--[if lte mso 11]>\n    <style type=\"text/css\">\n      .mj-outlook-group-fix { width:100% !important; }\n    </style>\n    <![endif]-->\n    \n    \n    <style type=\"text/css\">\n      @media only screen and (min-width:480px) {\n        .mj-column-per-100 { width:100% !important; max-width: 100%; }\n      }\n    </style>\n    <style media=\"screen and (min-width:480px)\">\n      .moz-text-html .mj-column-per-100 { width:100% !important; max-width: 100%; }\n    </style>\n    \n    \n  \n    \n    \n    \n  </head>\n  <body style=\"word-spacing:normal;background-color:#f3f4f6;\">\n    \n    \n      <div\n         aria-label=\"Welcome to ::app_name::\" aria-roledescription=\"email\" style=\"background-color:#f3f4f6;\" role=\"article\" lang=\"und\" dir=\"auto\"\n      >\n        \n      \n      <!--[if mso | IE]><table align=\"center\" border=\"0\" cellpadding=\"0\" cellspacing=\"0\" class=\"\" role=\"presentation\" style=\"width:600px;\" width=\"600\" bgcolor=\"#ffffff\" ><tr><td style=\"line-height:0px;font-size:0px;mso-line-height-rule:exactly;\"><![endif]-->\n    \n      \n      <div  style=\"background:#ffffff;background-color:#ffffff;margin:0px auto;max-width:600px;\">\n        \n        <table\n           align=\"center\" border=\"0\" cellpadding=\"0\" cellspacing=\"0\" role=\"presentation\" style=\"background:#ffffff;background-color:#ffffff;width:100%;\"\n        >\n          <tbody>\n            <tr>\n              <td\n                 style=\"direction:ltr;font-size:0px;padding:32px 24px;text-align:center;\"\n              >\n                <!--[if mso | IE]><table role=\"presentation\" border=\"0\" cellpadding=\"0\" cellspacing=\"0\"><tr><td class=\"\" style=\"vertical-align:top;width:552px;\" ><![endif]-->\n            \n      <div\n         class=\"mj-column-per-100 mj-outlook-group-fix\" style=\"font-size:0px;text-align:left;direction:ltr;display:inline-block;vertical-align:top;width:100%;\"\n      >\n        \n      <table\n         border=\"0\" cellpadding=\"0\" cellspacing=\"0\" role=\"presentation\" style=\"vertical-align:top;\" width=\"100%\"\n      >\n        <tbody>\n          \n              <tr>\n                <td\n                   align=\"left\" style=\"font-size:0px;padding:10px 25px;word-break:break-word;\"\n                >\n                  \n      <div\n         style=\"font-family:Helvetica, Arial, sans-serif;font-size:24px;font-weight:bold;line-height:24px;text-align:left;color:#1f2937;\"\n      >Welcome, ::first_name::!</div>\n    \n                </td>\n              </tr>\n            \n              <tr>\n                <td\n                   align=\"left\" style=\"font-size:0px;padding:10px 25px;word-break:break-word;\"\n                >\n                  \n      <div\n         style=\"font-family:Helvetica, Arial, sans-serif;font-size:16px;line-height:24px;text-align:left;color:#1f2937;\"\n      >Thanks for joining ::app_name::. Your account is ready; confirm your email address to get started.</div>\n    \n                </td>\n              </tr>\n            \n              <tr>\n                <td\n                   align=\"center\" style=\"font-size:0px;padding:10px 25px;word-break:break-word;\"\n                >\n                  \n      <table\n         border=\"0\" cellpadding=\"0\" cellspacing=\"0\" role=\"presentation\" style=\"border-collapse:separate;line-height:100%;\"\n      >\n        <tbody>\n          <tr>\n            <td\n               align=\"center\" bgcolor=\"#4f46e5\" role=\"presentation\" style=\"border:none;border-radius:6px;cursor:auto;mso-padding-alt:10px 25px;background:#4f46e5;\" valign=\"middle\"\n            >\n              <a\n                 href=\"::confirm_url::\" style=\"display:inline-block;background:#4f46e5;color:#ffffff;font-family:Helvetica, Arial, sans-serif;font-size:13px;font-weight:normal;line-height:120%;margin:0;text-decoration:none;text-transform:none;padding:10px 25px;mso-padding-alt:0px;border-radius:6px;\" target=\"_blank\"\n              >\n                Confirm my email\n              </a>\n            </td>\n          </tr>\n        </tbody>\n      </table>\n    \n                </td>\n              </tr>\n            \n              <tr>\n                <td\n                   align=\"left\" style=\"font-size:0px;padding:10px 25px;word-break:break-word;\"\n                >\n                  \n      <div\n         style=\"font-family:Helvetica, Arial, sans-serif;font-size:13px;line-height:24px;text-align:left;color:#6b7280;\"\n      >The button not working? Paste this link into your browser: ::confirm_url::</div>\n    \n                </td>\n              </tr>\n            \n        </tbody>\n      </table>\n    \n      </div>\n    \n          <!--[if mso | IE]></td></tr></table><![endif]-->\n              </td>\n            </tr>\n          </tbody>\n        </table>\n        \n      </div>\n    \n      \n      <!--[if mso | IE]></td></tr></table><table align=\"center\" border=\"0\" cellpadding=\"0\" cellspacing=\"0\" class=\"\" role=\"presentation\" style=\"width:600px;\" width=\"600\" ><tr><td style=\"line-height:0px;font-size:0px;mso-line-height-rule:exactly;\"><![endif]-->\n    \n      \n      <div  style=\"margin:0px auto;max-width:600px;\">\n        \n        <table\n           align=\"center\" border=\"0\" cellpadding=\"0\" cellspacing=\"0\" role=\"presentation\" style=\"width:100%;\"\n        >\n          <tbody>\n            <tr>\n              <td\n                 style=\"direction:ltr;font-size:0px;padding:16px;text-align:center;\"\n              >\n                <!--[if mso | IE]><table role=\"presentation\" border=\"0\" cellpadding=\"0\" cellspacing=\"0\"><tr><td class=\"\" style=\"vertical-align:top;width:568px;\" ><![endif]-->\n            \n      <div\n         class=\"mj-column-per-100 mj-outlook-group-fix\" style=\"font-size:0px;text-align:left;direction:ltr;display:inline-block;vertical-align:top;width:100%;\"\n      >\n        \n      <table\n         border=\"0\" cellpadding=\"0\" cellspacing=\"0\" role=\"presentation\" style=\"vertical-align:top;\" width=\"100%\"\n      >\n        <tbody>\n          \n              <tr>\n                <td\n                   align=\"center\" style=\"font-size:0px;padding:10px 25px;word-break:break-word;\"\n                >\n                  \n      <div\n         style=\"font-family:Helvetica, Arial, sans-serif;font-size:12px;line-height:24px;text-align:center;color:#9ca3af;\"\n      >You receive this mail because you signed up for ::app_name::.</div>\n    \n                </td>\n              </tr>\n            \n        </tbody>\n      </table>\n    \n      </div>\n    \n          <!--[if mso | IE]></td></tr></table><![endif]-->\n              </td>\n            </tr>\n          </tbody>\n        </table>\n        \n      </div>\n    \n      \n      <!--[if mso | IE]></td></tr></table><![endif]-->\n    \n    \n      </div>\n    \n  </body>\n</html>\n  ";

/** A document around a style block and a body. */
const doc = (css: string, body: string): string => `<html><head><style>${css}</style></head><body>${body}</body></html>`;

const LIST = '<ul><li>one</li><li class="x">two</li><li>three</li><li class="x y">four</li><li>five</li></ul>';
const SIBLINGS = '<div><h2>t</h2><p>a</p><p>b</p><span>s</span><p>c</p></div><p>outside</p>';
const FORM =
  '<form><fieldset disabled><input type="text" name="a"><button>b</button></fieldset><input type="checkbox" checked><input type="hidden" disabled><select><option selected>o</option><option disabled>p</option></select><textarea></textarea><a href="/x">l</a><a>no href</a></form>';

export const CSS_CORPUS: readonly CssCase[] = [
  // Documents and fragments
  { name: 'fragment without style', html: '<p>Hello <b>world</b></p>' },
  { name: 'plain text', html: 'just some text' },
  { name: 'fragment with style', html: '<style>p { color: red; }</style><p>Hello</p>' },
  { name: 'full document without doctype', html: doc('p { color: red }', '<p>x</p><div>y</div>') },
  { name: 'html5 doctype', html: '<!DOCTYPE html>\n<html><head><style>p{color:red}</style></head><body><p>x</p></body></html>' },
  { name: 'html5 doctype lower-case', html: '<!doctype html><html><head><style>p{color:red}</style></head><body><p>x</p></body></html>' },
  {
    name: 'xhtml doctype',
    html: '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><style type="text/css">td { padding: 0 }</style></head><body><table><tr><td>x</td></tr></table></body></html>',
  },
  {
    name: 'html4 strict doctype',
    html: '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><html><head><style>p{margin:0}</style></head><body><p>x</p></body></html>',
  },
  { name: 'comment before html', html: '<!-- generated --><html><head><style>p{color:red}</style></head><body><p>x</p></body></html>' },
  { name: 'no head, style in body', html: '<body><style>p { color: red }</style><p>x</p></body>' },
  { name: 'whitespace and newlines between blocks', html: '<html>\n  <head>\n    <style>\n      p { color: red; }\n    </style>\n  </head>\n  <body>\n    <div>\n      <p>x</p>\n    </div>\n  </body>\n</html>\n' },
  { name: 'zero string', html: '0' },
  { name: 'empty string (PHP: ValueError)', html: '' },
  { name: 'whitespace only', html: ' \n ' },
  { name: 'a comment only (PHP: TypeError)', html: '<!-- only a comment -->' },
  { name: 'a doctype only', html: '<!DOCTYPE html>' },
  { name: 'xml declaration', html: "<?xml version='1.0' encoding='UTF-8'?><style>p{a:b}</style><p>x</p>" },
  { name: 'comments around the html element', html: '<!DOCTYPE html><!-- c --><html><head><style>p{a:b}</style></head><body><p>x</p></body></html><!-- after -->' },
  { name: 'svg, noscript, template, frameset', html: '<svg><circle r="1"/></svg><noscript><p>x</p></noscript><template><p>y</p></template><style>circle, p { a: b }</style>' },

  // Style blocks
  { name: 'several style blocks', html: '<style>p { color: red; }</style><style type="text/css">p { font-size: 12px; } .a { color: blue }</style><p class="a">x</p>' },
  { name: 'style with attributes and uppercase tag', html: '<STYLE TYPE="text/css" media="all">p { color: red }</STYLE><p>x</p>' },
  { name: 'style attribute value holding >', html: '<style data-x="a>b">p { color: red }</style><p>x</p>' },
  { name: 'style tag inside html comment is ignored', html: '<!-- <style>p { color: red }</style> --><style>p { margin: 0 }</style><p>x</p>' },
  { name: 'style inside conditional comment', html: '<!--[if mso]><style>p { color: red }</style><![endif]--><style>p { margin: 0 }</style><p>x</p>' },
  { name: 'downlevel-revealed conditional comment', html: '<!--[if !mso]><!--><style>p { color: red }</style><!--<![endif]--><p>x</p>' },
  { name: 'unclosed style', html: '<style>p { color: red }<p>x</p>' },
  { name: 'styles tag is not style', html: '<styles>p { color: red }</styles><p>x</p>' },
  { name: 'empty style block', html: '<style></style><p>x</p>' },

  // CSS syntax
  { name: 'media query kept in block, not inlined', html: '<style>p { color: red } @media only screen and (max-width: 600px) { p { color: blue } .a { margin: 0 } } .a { padding: 1px }</style><p class="a">x</p>' },
  { name: 'media without space', html: '<style>@media(max-width:600px){p{color:blue}} p{margin:0}</style><p>x</p>' },
  { name: 'nested media blocks', html: '<style>@media screen { @media (min-width: 1px) { p { color: blue } } } p { margin: 0 }</style><p>x</p>' },
  { name: 'charset, import, font-face', html: '<style>@charset "utf-8"; @import url("foo.css"); p { color: red } @font-face { font-family: X; src: url(x.woff) } div { margin: 0 }</style><p>x</p><div>y</div>' },
  { name: 'supports block', html: '<style>@supports (display: grid) { p { display: grid } } div { color: red }</style><p>x</p><div>y</div>' },
  { name: 'comments in css', html: '<style>/* head */ p { color: red; /* inner */ margin: 0 } /* p { color: blue } */ .a/* mid */{ padding: 0 }</style><p class="a">x</p>' },
  { name: 'unclosed comment in css', html: '<style>p { color: red } /* div { color: blue }</style><p>x</p><div>y</div>' },
  { name: 'uppercase properties and values', html: '<style>P { COLOR: RED; Font-Size: 12PX } p { color: blue }</style><p>x</p>' },
  { name: 'urls, quotes, semicolons in values', html: '<style>p { background: url("a;b.png") no-repeat; font-family: "Helvetica Neue", \'Arial\'; content: "a;b" }</style><p>x</p>' },
  { name: 'base64 data uri', html: '<style>p { background-image: url(data:image/png;base64,iVBORw0KGgo=); color: red }</style><p>x</p>' },
  { name: 'empty values and missing colons', html: '<style>p { color: ; margin; padding: 0;; : red; border: 1px solid }</style><p>x</p>' },
  { name: 'stray braces', html: '<style>{ color: red } p { margin: 0 }} div { padding: 0 } , span { x: y }</style><p>x</p><div>d</div><span>s</span>' },
  { name: 'tabs and newlines inside declarations', html: '<style>p {\n\tcolor:\n\t\tred;\r\n\tmargin : 0 ;\n}</style><p>x</p>' },
  { name: 'non-ascii in css values', html: '<style>p { font-family: "Crème Brûlée"; content: "→ ✓" }</style><p>é</p>' },
  { name: 'weird invalid css', html: '<style>p { color: red } }}} {{ ;;; p:: { margin: 0 } div[ { x: y } .b { padding: 0 }</style><p class="b">x</p><div>d</div>' },

  // !important and existing inline styles
  { name: 'important beats later rule', html: '<style>p { color: red !important } p { color: blue } .a { color: green }</style><p class="a">x</p>' },
  { name: 'important on both sides', html: '<style>.a { color: red !important } p { color: blue !important }</style><p class="a">x</p>' },
  { name: 'IMPORTANT upper-case', html: '<style>p { color: red !IMPORTANT } .a { color: blue }</style><p class="a">x</p>' },
  { name: 'existing inline style wins', html: '<style>p { color: red; margin: 0 }</style><p style="color: blue">x</p>' },
  { name: 'existing inline style normalised', html: '<style>p { margin: 0 }</style><p style="COLOR:blue;;  padding :1px ; font-family: &quot;Arial&quot;">x</p><div style="color:red">untouched</div>' },
  { name: 'inline important vs css important', html: '<style>p { color: red !important }</style><p style="color: blue !important; margin: 0">x</p>' },
  { name: 'empty style attribute', html: '<style>p { color: red }</style><p style="">x</p><p style>y</p>' },

  // Specificity and order
  { name: 'specificity ties keep source order', html: '<style>.a { color: red } .b { color: blue } .a { margin: 1px } .b { margin: 2px }</style><p class="a b">x</p>' },
  { name: 'id beats class beats type', html: '<style>#i { color: red } .c { color: blue } p { color: green } p { margin: 0 }</style><p id="i" class="c">x</p>' },
  { name: 'property order after overrules', html: '<style>p { a: 1; b: 2; c: 3 } .x { b: 4 } #y { a: 5 }</style><p class="x" id="y">x</p>' },
  { name: 'selector list shares order', html: '<style>h1, p, .x { color: red } p { color: blue } .x, h1 { margin: 0 }</style><h1 class="x">t</h1><p class="x">x</p>' },
  { name: 'pseudo-class counted in specificity', html: '<style>p:first-child { color: red } p.a { color: blue }</style><div><p class="a">x</p></div>' },

  // Selectors
  { name: 'type and universal', html: `<style>* { margin: 0 } li { color: red }</style>${LIST}` },
  { name: 'uppercase selector names', html: `<style>LI { color: red } UL LI.X { margin: 0 }</style>${LIST}` },
  { name: 'class and multiple classes', html: `<style>.x { color: red } .x.y { margin: 0 } li.y { padding: 0 } .X { border: 0 }</style>${LIST}` },
  { name: 'class whitespace in attribute', html: '<style>.a { color: red }</style><p class="\ta\n b ">x</p><p class="ab">y</p>' },
  { name: 'id selectors', html: '<style>#main { color: red } div#main { margin: 0 } #Main { padding: 0 }</style><div id="main">x</div>' },
  { name: 'descendant and child', html: '<style>div p { color: red } div > p { margin: 0 } body > p { padding: 0 }</style><div><p>a</p><section><p>b</p></section></div><p>c</p>' },
  { name: 'adjacent and general siblings', html: `<style>h2 + p { color: red } h2 ~ p { margin: 0 } p + p { padding: 0 } span ~ * { border: 0 }</style>${SIBLINGS}` },
  { name: 'attribute selectors, every operator', html: '<style>[title] { a: 1 } [title=x] { b: 2 } [title~=w] { c: 3 } [lang|=en] { d: 4 } [href^=http] { e: 5 } [href$=".pdf"] { f: 6 } [href*=example] { g: 7 } [title!=x] { h: 8 }</style><p title="x">1</p><p title="v w">2</p><p lang="en-GB">3</p><p lang="en">4</p><a href="https://example.com/a.pdf">5</a><p>6</p>' },
  { name: 'attribute selectors with empty and zero values', html: '<style>[title=""] { a: 1 } [title~=""] { b: 2 } [title^=""] { c: 3 } [title!=""] { d: 4 } [title="0"] { e: 5 } [title~="0"] { f: 6 }</style><p title="">1</p><p title="0">2</p><p>3</p>' },
  { name: 'attribute suffix with non-ascii', html: '<style>[title$="é"] { a: 1 } [title$="x"] { b: 2 }</style><p title="café">1</p><p title="caféx">2</p><p title="é">3</p>' },
  { name: 'bare boolean attributes', html: '<style>td[nowrap] { a: 1 } td[nowrap="nowrap"] { b: 2 } div[hidden=""] { c: 3 }</style><table><tr><td nowrap>x</td></tr></table><div hidden>y</div>' },
  { name: 'first-child and last-child', html: `<style>li:first-child { color: red } li:last-child { color: blue } .x:first-child { margin: 0 }</style>${LIST}` },
  { name: 'nth-child forms', html: `<style>li:nth-child(2n+1) { a: 1 } li:nth-child(even) { b: 2 } li:nth-child(3) { c: 3 } li:nth-child(-n+2) { d: 4 } li:nth-last-child(2) { e: 5 } li:nth-child(0n+1) { f: 6 }</style>${LIST}` },
  { name: 'of-type and only', html: `<style>p:first-of-type { a: 1 } p:last-of-type { b: 2 } p:nth-of-type(2) { c: 3 } span:only-of-type { d: 4 } h2:only-child { e: 5 } b:only-child { f: 6 }</style>${SIBLINGS}<div><b>x</b></div>` },
  { name: 'not pseudo-class', html: `<style>li:not(.x) { color: red } li:not(:first-child) { margin: 0 } ul li:not(:first-child) { padding: 0 } p:not(:hover) { border: 0 }</style>${LIST}<p>x</p>` },
  { name: 'empty and root', html: '<style>:empty { a: 1 } p:empty { b: 2 } :root { c: 3 } html:root { d: 4 }</style><p></p><p> </p><p><!-- c --></p><p><span></span></p>' },
  { name: 'hover, focus, pseudo-elements skipped', html: '<style>a:hover { a: 1 } a:focus { b: 2 } p::before { c: 3 } p:after { d: 4 } a:hover.x { e: 5 } p::first-line { f: 6 } a:active { g: 7 }</style><p>x<a class="x" href="#">l</a></p>' },
  { name: 'form pseudo-classes', html: `<style>:checked { a: 1 } :disabled { b: 2 } :enabled { c: 3 } :selected { d: 4 } :link { e: 5 } :invalid { f: 6 } :visited { g: 7 }</style>${FORM}` },
  { name: 'contains and lang', html: '<style>p:contains(hello) { a: 1 } p:contains("b c") { b: 2 } :lang(en) { c: 3 } span:lang(FR) { d: 4 }</style><div lang="en-US"><p>hello world</p><p>a b c</p><span lang="fr">x</span></div>' },
  { name: 'combined quirks', html: `<style>div + p:first-child { a: 1 } p:first-child:last-child { b: 2 } li:not(:first-child) + li { c: 3 } ul > li:nth-child(2) ~ li.x { d: 4 }</style>${LIST}<div><b>x</b></div><p>y</p><section><p>only</p></section>` },
  { name: 'selector lists with empty parts', html: '<style>, p { a: 1 } p, { b: 2 } h1,,h2 { c: 3 }</style><h1>t</h1><p>x</p>' },
  { name: 'namespaced selectors skipped, escaped colon matches', html: '<style>o|p { a: 1 } [o|x] { b: 2 } o\\:p { c: 3 } *|p { d: 4 }</style><p>x<o:p>y</o:p></p>' },
  { name: 'invalid selectors skipped', html: '<style>p. { a: 1 } [ { b: 2 } p:nth-child(x) { c: 3 } div:foo(bar) { d: 4 } :not(:not(p)) { e: 5 } p:nth-child("1") { f: 6 } p { g: 7 }</style><p>x</p>' },
  { name: 'numeric-looking selectors', html: '<style>0 { a: 1 } 1px { b: 2 } .0 { c: 3 } #0 { d: 4 }</style><p id="0" class="0">x</p>' },
  { name: 'escapes in selectors', html: '<style>.a\\:b { a: 1 } #a\\31 23 { b: 2 } .a\\ b { c: 3 } [data-x="a\'b"] { d: 4 }</style><p class="a:b">1</p><p id="a123">2</p><p class="a b">3</p><p data-x="a\'b">4</p>' },
  { name: 'non-ascii class names', html: '<style>.café { color: red } .日本 { margin: 0 }</style><p class="café">x</p><p class="日本">y</p>' },
  { name: 'selector with comment left open', html: '<style>p /* { color: red }</style><p>x</p>' },
  { name: 'universal applies to head elements', html: '<!DOCTYPE html><html><head><meta charset="utf-8"><title>T</title><style>* { color: red }</style></head><body><p>x</p></body></html>' },

  // Text and attributes
  { name: 'non-ascii text and attributes', html: '<style>p { color: red }</style><p title="Crème brûlée — ok">Grüße, 日本語, emoji 😀</p>' },
  { name: 'non-ascii with meta charset', html: '<html><head><meta charset="utf-8"><style>p { color: red }</style></head><body><p title="é">é 😀</p></body></html>' },
  { name: 'entities', html: '<style>p { color: red }</style><p title="a &amp; b &quot;c&quot;">&lt;tag&gt; &amp; &nbsp; &copy; &eacute; &#233; &#x1F600; &unknown; & bare</p>' },
  { name: 'urls in href and src', html: '<style>a { color: red }</style><a href="https://example.com/a b?x=1&amp;y=é">l</a><img src="/i mg.png" alt="a b">' },
  { name: 'twig placeholders', html: '<style>p { color: red }</style><p>Hello {{ subscriber.first_name }}, {% if x %}yes{% endif %}</p><a href="{{ url }}">l</a>' },
  { name: 'mailcoach placeholders', html: '<style>p { color: red } a { margin: 0 }</style><p title="::title::">Hi ::first_name::</p><a href="::unsubscribeUrl::" data-x="::x::">u</a><img src="::image::" alt="::alt::">' },
  { name: 'conditional comments in body', html: '<style>td { padding: 0 }</style><table><tr><!--[if mso]><td>mso</td><![endif]--><td>x</td></tr></table>' },
  { name: 'script and textarea content', html: '<style>p { color: red }</style><script>var s = "<p>not</p>";</script><textarea><p>raw</p></textarea><p>x</p>' },
  { name: 'style block with non-ascii kept', html: '<style>p { content: "é" } /* ü */</style><p>x</p>' },
  { name: 'implied structure', html: '<style>td { color: red } p { margin: 0 }</style><table><td>cell</td></table><p>one<p>two<li>item' },

  { name: 'latin-1 meta charset', html: '<html><head><meta charset="iso-8859-1"><style>p{a:b}</style></head><body><p title="é">é ü €</p></body></html>' },
  { name: 'windows-1252 http-equiv', html: '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><style>p{a:b}</style></head><body><p>é €</p></body></html>' },
  { name: 'control characters and noncharacters', html: '<style>p{content:"é"}</style><p>\u0000x\u0001y\u000bz\ufffe</p>' },
  { name: 'CR and CRLF in text and attributes', html: '<style>p{a:b}</style><p>line1\r\nline2\rline3</p><p title="a\r\nb\tc">x</p>' },
  { name: 'upper-case markup', html: '<STYLE>P{A:B} TD[NOWRAP]{C:D}</STYLE><P CLASS=X ID=Y>x</P><TABLE><TR><TD NOWRAP>y</TD></TR></TABLE>' },
  { name: 'implied end tags in lists and tables', html: '<style>li, dd, td { a: b } li + li { c: d }</style><ol><li>1<li>2</ol><dl><dt>a<dd>b</dl><table><tbody><tr><td>1</td></tr></tbody><tfoot><tr><td>2</td></tr></tfoot></table>' },

  // Templates
  { name: 'order confirmation fixture', html: fixture('templates/order-confirmation.html') },
  { name: 'newsletter campaign fixture', html: fixture('campaign-templates/newsletter.html') },
  { name: 'welcome mjml output', html: WELCOME_MJML_HTML },
];
