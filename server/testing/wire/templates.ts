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

/**
 * `POST /_emulator/templates/{uuid or name}/render`: what a send with these replacements would capture. The very
 * shape the server's render returns (a type only: the client loads no server code).
 */
export type { RenderDiagnostic, TemplatePreview as TemplateRender } from '../../mail/render/preview-types.js';

export interface RenderRequest {
  replacements?: Record<string, unknown>;
  /** Unsaved source fields to render instead of the stored ones. */
  template?: { type?: TemplateType; subject?: string; body?: string };
}
