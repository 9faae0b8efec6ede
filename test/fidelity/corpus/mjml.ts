/**
 * MJML documents for the MJML tier (test/fidelity/mjml.test.ts): each is rendered by the emulator and by node's
 * mjml 4 called directly with Mailcoach's options, and the two HTML strings must be equal. Among them: the welcome
 * fixture, every kind of content a Mailcoach template uses, MJML's soft validation, comments and mj-include.
 *
 * Left out on purpose: mj-carousel and mj-navbar's hamburger, which draw a random id on every render (two renders
 * by the same mjml differ, so no comparison can hold).
 */
import { readFileSync } from 'node:fs';

export interface MjmlCase {
  name: string;
  source: string;
  /** Whether mjml's soft validation has something to say about the document. */
  hasMessages?: boolean;
}

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8');

/** A document with `body` inside mj-body and `head` inside mj-head. */
const doc = (body: string, head = '') => `<mjml>
  ${head === '' ? '' : `<mj-head>\n    ${head}\n  </mj-head>`}
  <mj-body>
    ${body}
  </mj-body>
</mjml>`;

export const MJML_CASES: MjmlCase[] = [
  { name: 'fixture welcome.mjml', source: fixture('templates/welcome.mjml') },
  {
    name: 'sections and columns',
    source: doc(`<mj-section background-color="#eeeeee" padding="10px 0" border-radius="4px">
      <mj-column width="33%"><mj-text>One third</mj-text></mj-column>
      <mj-column width="67%" background-color="#ffffff" vertical-align="middle"><mj-text align="right">Two thirds</mj-text></mj-column>
    </mj-section>
    <mj-section full-width="full-width" background-url="https://img.example.test/bg.png" background-size="cover">
      <mj-column><mj-text>A</mj-text></mj-column>
      <mj-column><mj-text>B</mj-text></mj-column>
      <mj-column><mj-text>C</mj-text></mj-column>
      <mj-column><mj-text>D</mj-text></mj-column>
    </mj-section>
    <mj-wrapper border="1px solid #000000" padding="20px">
      <mj-section><mj-group><mj-column><mj-text>Grouped 1</mj-text></mj-column><mj-column><mj-text>Grouped 2</mj-text></mj-column></mj-group></mj-section>
    </mj-wrapper>`),
  },
  {
    name: 'buttons',
    source: doc(`<mj-section><mj-column>
      <mj-button href="https://example.test/confirm?token=abc&amp;x=1">Plain</mj-button>
      <mj-button href="::confirm_url::" background-color="#4f46e5" color="#ffffff" border-radius="6px" font-size="18px" inner-padding="12px 30px" align="left" width="300px">Styled &amp; wide</mj-button>
      <mj-button href="{{ url }}" rel="noopener" target="_self" title="Go" border="2px solid red">Twig href</mj-button>
      <mj-button>No href</mj-button>
    </mj-column></mj-section>`),
  },
  {
    name: 'images',
    source: doc(`<mj-section><mj-column>
      <mj-image src="https://img.example.test/logo.png" alt="Logo" width="120px"></mj-image>
      <mj-image src="https://img.example.test/hero.jpg" href="https://example.test/" alt="Hero &quot;image&quot;" fluid-on-mobile="true" border-radius="8px" title="Hero"></mj-image>
      <mj-image src="https://img.example.test/a.png" srcset="https://img.example.test/a@2x.png 2x" height="200px" align="left"></mj-image>
    </mj-column></mj-section>`),
  },
  {
    name: 'mj-raw in body and head',
    source: doc(
      `<mj-raw><!-- htmlmin:ignore --><div class="raw">Raw <b>HTML</b> {{ name }}</div><!-- htmlmin:ignore --></mj-raw>
    <mj-section><mj-column><mj-raw><p>Raw in a column</p></mj-raw><mj-text>After raw</mj-text></mj-column></mj-section>
    <mj-raw position="file-start">{% if show %}</mj-raw>`,
      '<mj-raw><meta name="x-apple-disable-message-reformatting" /></mj-raw>',
    ),
  },
  {
    name: 'mj-style inline',
    source: doc(
      '<mj-section><mj-column><mj-text css-class="red-text"><p class="lead">Inlined</p><a href="#">link</a></mj-text></mj-column></mj-section>',
      `<mj-style inline="inline">
      .red-text div { color: red !important; }
      .lead { font-size: 20px; font-weight: bold; }
      a { color: #4f46e5; }
    </mj-style>`,
    ),
  },
  {
    name: 'mj-style not inline',
    source: doc(
      '<mj-section><mj-column><mj-text css-class="note">Styled by class</mj-text><mj-button css-class="cta" href="#">Go</mj-button></mj-column></mj-section>',
      `<mj-style>
      .note { color: #6b7280; }
      @media (max-width: 480px) { .cta td { width: 100% !important; } }
    </mj-style>
    <mj-style>.second { margin: 0; }</mj-style>`,
    ),
  },
  {
    name: 'mj-attributes, mj-class and mj-all',
    source: doc(
      `<mj-section mj-class="boxed"><mj-column>
      <mj-text mj-class="muted big">Two classes</mj-text>
      <mj-text>Defaults</mj-text>
      <mj-button mj-class="muted">Class on a button</mj-button>
    </mj-column></mj-section>`,
      `<mj-attributes>
      <mj-all font-family="Georgia, serif" padding="8px" />
      <mj-text color="#111111" line-height="1.6" />
      <mj-section background-color="#fafafa" />
      <mj-class name="muted" color="#888888" font-size="12px" />
      <mj-class name="big" font-size="28px" />
      <mj-class name="boxed" border="1px solid #dddddd" padding="24px" />
    </mj-attributes>`,
    ),
  },
  {
    name: 'mj-include (ignored)',
    source: doc(
      `<mj-include path="./header.mjml" />
    <mj-section><mj-column><mj-text>Between includes</mj-text></mj-column></mj-section>
    <mj-include path="/etc/hostname" type="html" />
    <mj-include path="../../package.json" type="css" />`,
      '<mj-include path="./head.mjml" />',
    ),
  },
  {
    name: 'comments',
    source: `<mjml>
  <!-- before the head -->
  <mj-head>
    <!-- in the head -->
    <mj-title>Comments</mj-title>
  </mj-head>
  <mj-body>
    <!-- before a section -->
    <mj-section>
      <!-- in a section -->
      <mj-column>
        <!-- in a column -->
        <mj-text><!-- in text -->Visible <!-- inline comment --> text</mj-text>
        <mj-button href="#"><!-- in a button -->Button</mj-button>
      </mj-column>
    </mj-section>
    <!--[if mso]><p>Outlook only</p><![endif]-->
  </mj-body>
</mjml>`,
  },
  {
    name: 'invalid tags under soft validation',
    hasMessages: true,
    source: doc(`<mj-section>
      <mj-text>Text directly in a section</mj-text>
      <mj-column>
        <mj-foo>Unknown tag</mj-foo>
        <mj-text colour="red" padding="ten">Bad attribute and value</mj-text>
        <mj-image>No src</mj-image>
        <mj-section><mj-column><mj-text>Nested section</mj-text></mj-column></mj-section>
      </mj-column>
    </mj-section>
    <mj-column><mj-text>Column directly in the body</mj-text></mj-column>`),
  },
  {
    name: 'head: title, preview, font, breakpoint, html-attributes',
    source: doc(
      `<mj-section><mj-column>
      <mj-text font-family="Raleway, Arial" css-class="custom">Raleway text</mj-text>
      <mj-text font-family="Lato">A default font by name</mj-text>
    </mj-column></mj-section>`,
      `<mj-title>Title &amp; more</mj-title>
    <mj-preview>Preview text for ::first_name::</mj-preview>
    <mj-font name="Raleway" href="https://fonts.googleapis.com/css?family=Raleway" />
    <mj-breakpoint width="320px" />
    <mj-html-attributes>
      <mj-selector path=".custom div"><mj-html-attribute name="data-id">42</mj-html-attribute></mj-selector>
    </mj-html-attributes>`,
    ),
  },
  {
    name: 'default fonts (Ubuntu from mj-text)',
    source: '<mjml><mj-body><mj-section><mj-column><mj-text>Only defaults</mj-text></mj-column></mj-section></mj-body></mjml>',
  },
  {
    name: 'other components',
    source: doc(`<mj-hero mode="fixed-height" height="300px" background-url="https://img.example.test/hero.jpg" background-width="600px" background-height="300px">
      <mj-text>In a hero</mj-text>
    </mj-hero>
    <mj-section><mj-column>
      <mj-divider border-color="#e5e7eb" border-width="2px" />
      <mj-spacer height="30px" />
      <mj-social font-size="15px" icon-size="30px" mode="horizontal">
        <mj-social-element name="facebook" href="https://facebook.example.test/">Facebook</mj-social-element>
        <mj-social-element name="x" href="https://x.example.test/">X</mj-social-element>
      </mj-social>
      <mj-navbar><mj-navbar-link href="/a">A</mj-navbar-link><mj-navbar-link href="/b">B</mj-navbar-link></mj-navbar>
      <mj-table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>€2</td></tr></mj-table>
      <mj-accordion>
        <mj-accordion-element><mj-accordion-title>Why?</mj-accordion-title><mj-accordion-text>Because.</mj-accordion-text></mj-accordion-element>
      </mj-accordion>
    </mj-column></mj-section>`),
  },
  {
    name: 'placeholders, Twig and URL-encoded text',
    source: doc(`<mj-section><mj-column>
      <mj-text>Hello ::first_name::, {{ name|upper }} {% if vip %}VIP{% endif %}</mj-text>
      <mj-button href="https://example.test/?q=a%20b&amp;r={{%20token%20}}">Encoded</mj-button>
      <mj-text><a href="https://example.test/{{+path+}}">{{+label+}}</a></mj-text>
    </mj-column></mj-section>`),
  },
  {
    name: 'non-ASCII and entities',
    source: doc(`<mj-section direction="rtl" text-align="right"><mj-column>
      <mj-text>Grüße, Zoë! 日本語 🚀 &amp; &lt;b&gt; &nbsp; &copy; « »</mj-text>
      <mj-text align="justify">مرحبا بالعالم</mj-text>
    </mj-column></mj-section>`),
  },
  {
    name: 'mjml attributes: lang, dir, owa, body width',
    source: `<mjml lang="de" dir="ltr" owa="desktop"><mj-body width="500px" css-class="body"><mj-section><mj-column><mj-text>Hallo</mj-text></mj-column></mj-section></mj-body></mjml>`,
  },
  {
    name: 'leading whitespace and an empty body',
    source: '\n   <mjml><mj-body></mj-body></mjml>\n',
  },
];
