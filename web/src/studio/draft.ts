/** The studio's unsaved source: the fields edited, over the stored template. */
import { useState } from 'react';
import type { StudioTemplate, TemplateType } from '../../../server/testing/client.js';

export interface Source {
  type: TemplateType;
  subject: string;
  body: string;
}

export interface Draft {
  /** What the editor shows: the edited fields over the stored ones. */
  source: Source;
  /** The fields that differ from the stored template (what a save or a render sends). */
  edits: Partial<Source>;
  dirty: boolean;
  edit: (patch: Partial<Source>) => void;
  discard: () => void;
}

/**
 * The unsaved fields. A field not edited follows the stored one, which the server may change meanwhile (a save,
 * a fixture file reloaded by --watch): editing the subject does not pin the body.
 */
export function useDraft(template: StudioTemplate): Draft {
  const [draft, setDraft] = useState<Partial<Source>>({});
  const stored: Source = { type: template.type, subject: template.subject, body: template.body };
  const source: Source = { ...stored, ...draft };
  const edits: Partial<Source> = {};
  for (const field of ['type', 'subject', 'body'] as const)
    if (source[field] !== stored[field]) Object.assign(edits, { [field]: source[field] });
  return {
    source,
    edits,
    dirty: Object.keys(edits).length > 0,
    edit: (patch) => setDraft((current) => ({ ...current, ...patch })),
    discard: () => setDraft({}),
  };
}
