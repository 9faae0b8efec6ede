import { z } from 'zod';
import { TEMPLATE_TYPES } from '../../db/rows.js';

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
