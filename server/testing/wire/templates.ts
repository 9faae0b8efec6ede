/** Transactional mail templates as the studio edits and renders them (`/_emulator/templates`). */

export type TemplateType = 'html' | 'markdown' | 'mjml' | 'blade';

/** A transactional mail template as the studio sees it (`GET /_emulator/templates`). */
export interface StudioTemplate {
  uuid: string;
  name: string;
  label: string | null;
  type: TemplateType;
  subject: string;
  body: string;
  from: string | null;
  to: string[] | null;
  cc: string[] | null;
  bcc: string[] | null;
  store_mail: boolean;
  /**
   * `fixture`: as the fixtures have it; `edited`: a fixture template changed through /_emulator (a reset puts the
   * fixture back); `created`: not in the fixtures (a reset removes it).
   */
  origin: 'fixture' | 'edited' | 'created';
  /** The fixture file holding its body (`body_file`), relative to the working directory; null when inline or none. */
  fixture_file: string | null;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
  /** Captured mails rendered from it (by its name), and when the last one was captured (ISO 8601) or null. */
  mails_sent: number;
  last_used_at: string | null;
}

/** The fields `POST /_emulator/templates` takes (name and type required) and `PATCH` changes. */
export interface TemplateInput {
  name?: string;
  label?: string | null;
  type?: TemplateType;
  subject?: string;
  body?: string;
  from?: string | null;
  to?: string[] | null;
  cc?: string[] | null;
  bcc?: string[] | null;
  store_mail?: boolean;
}

/** One problem of a render: where (line and column count from 1 in the field's text) and what. */
export interface RenderDiagnostic {
  field: 'body' | 'subject';
  line: number | null;
  column: number | null;
  message: string;
  /** `mjml`: MJML's validator or parser; `structure`: an MJML tag left open or closed twice; `twig`: Twig's compiler. */
  source: 'mjml' | 'structure' | 'twig';
}

/** `POST /_emulator/templates/{uuid or name}/render`: what a send with these replacements would capture. */
export interface TemplateRender {
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

export interface RenderRequest {
  replacements?: Record<string, unknown>;
  /** Unsaved source fields to render instead of the stored ones. */
  template?: { type?: TemplateType; subject?: string; body?: string };
}
