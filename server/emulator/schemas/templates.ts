import { z } from 'zod';
import { TEMPLATE_TYPES } from '../../db/rows.js';
import type { TemplatePreview } from '../../mail/render/preview-types.js';
import type { SameType } from './same-type.js';

const RenderDiagnostic = z
  .object({
    field: z.enum(['body', 'subject']),
    line: z.int().nullable().describe("From 1, in the field's text."),
    column: z.int().nullable(),
    message: z.string(),
    source: z
      .enum(['mjml', 'structure', 'twig'])
      .describe(
        "mjml: MJML's parser or validator; structure: an MJML tag left open or closed twice; twig: Twig's compiler.",
      ),
  })
  .meta({ id: 'RenderDiagnostic' });

export const StudioTemplate = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    label: z.string().nullable(),
    type: z.enum(TEMPLATE_TYPES),
    subject: z.string(),
    body: z.string(),
    from: z.string().nullable(),
    to: z.array(z.string().meta({ format: 'email' })).nullable(),
    cc: z.array(z.string().meta({ format: 'email' })).nullable(),
    bcc: z.array(z.string().meta({ format: 'email' })).nullable(),
    store_mail: z.boolean(),
    origin: z
      .enum(['fixture', 'edited', 'created'])
      .describe(
        'fixture: as the fixtures have it; edited: a fixture template changed here (reset puts the fixture back); created: not in the fixtures (reset removes it).',
      ),
    fixture_file: z.string().nullable().describe('The fixture file holding its body (body_file), when it has one.'),
    created_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
    updated_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
    mails_sent: z.int().describe('Captured mails rendered from it (by name).'),
    last_used_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .nullable()
      .describe('When the last of them was captured.'),
  })
  .meta({ id: 'StudioTemplate' });

export const TemplateRender = z
  .object({
    subject: z.string(),
    html: z.string().nullable().describe('Null when a send would fail (MJML that cannot be parsed at all).'),
    text: z.string().nullable(),
    placeholders: z.array(z.string()).describe('::key:: placeholders and Twig variables used, in order.'),
    unused_replacements: z.array(z.string()),
    unreplaced_placeholders: z.array(z.string()),
    errors: z.array(RenderDiagnostic).describe("What the template's author must fix."),
    warnings: z.array(RenderDiagnostic).describe("MJML's validation messages (the mail still renders)."),
  })
  .meta({ id: 'TemplateRender' });

const emails = z
  .array(z.string().meta({ format: 'email' }))
  .nullable()
  .optional();

/** The fields POST /_emulator/templates takes (name and type required) and PATCH changes (template-input.ts checks them). */
export const TemplateInput = z
  .strictObject({
    name: z.string().min(1).max(255).describe('Unique in the workspace.').optional(),
    label: z.string().max(255).nullable().optional(),
    type: z.enum(TEMPLATE_TYPES).optional(),
    subject: z.string().optional(),
    body: z.string().optional(),
    from: z.string().max(255).nullable().optional(),
    to: emails,
    cc: emails,
    bcc: emails,
    store_mail: z.boolean().optional(),
  })
  .meta({ id: 'TemplateInput' });

export const RenderRequest = z
  .strictObject({
    replacements: z.record(z.string(), z.unknown()).describe('As a send gives them.').optional(),
    template: z
      .strictObject({
        type: z.enum(TEMPLATE_TYPES).optional(),
        subject: z.string().optional(),
        body: z.string().optional(),
      })
      .describe('Unsaved source fields rendered instead of the stored ones.')
      .optional(),
  })
  .meta({ id: 'RenderRequest' });

export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export type StudioTemplate = z.output<typeof StudioTemplate>;
export type TemplateInput = z.input<typeof TemplateInput>;
export type RenderRequest = z.input<typeof RenderRequest>;
export type RenderDiagnostic = z.output<typeof RenderDiagnostic>;
export type TemplateRender = z.output<typeof TemplateRender>;

// The render's own type (mail/render/preview-types.ts, a domain room without zod) is the shape this schema documents.
true satisfies SameType<TemplateRender, TemplatePreview>;
