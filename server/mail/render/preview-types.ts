/**
 * The shape of a template render (template-preview.ts), which is also its wire shape: the schema that documents
 * it (server/emulator/schemas/templates.ts TemplateRender) is checked at compile time to be this very type.
 */
/** One problem of a render: where (line and column count from 1 in the field's text) and what. */
export interface RenderDiagnostic {
  field: 'body' | 'subject';
  line: number | null;
  column: number | null;
  message: string;
  /** `mjml`: MJML's validator or parser; `structure`: an MJML tag left open or closed twice; `twig`: Twig's compiler. */
  source: 'mjml' | 'structure' | 'twig';
}

/** What a send with these replacements would capture, and what the author needs to see (the wire shape of the render). */
export interface TemplatePreview {
  subject: string;
  /** Null when a send would fail (the MJML cannot be parsed at all): `errors` says why. */
  html: string | null;
  text: string | null;
  /** `::key::` placeholders and Twig variables the subject and body use, in order of appearance. */
  placeholders: string[];
  /** Replacement keys that no placeholder uses. */
  unused_replacements: string[];
  /** Placeholders that no replacement fills (they stay in the mail as written). */
  unreplaced_placeholders: string[];
  /** What the template's author must fix; the send still captures `html` as shown when it is not null. */
  errors: RenderDiagnostic[];
  /** MJML's validation messages: the mail renders, maybe not as meant. */
  warnings: RenderDiagnostic[];
}
