/**
 * Transactional mail templates as the studio edits and renders them (`/_emulator/templates`), from their schemas
 * (types only: the client loads no zod). TemplateRender is the server's own render type (mail/render/preview-types.ts
 * TemplatePreview), which schemas/templates.ts checks is the schema's.
 */
export type {
  RenderDiagnostic,
  RenderRequest,
  StudioTemplate,
  TemplateInput,
  TemplateRender,
  TemplateType,
} from '../../emulator/schemas/templates.js';
