/** The template studio: transactional mail templates as it edits and renders them. */
import type { RenderRequest, StudioTemplate, TemplateInput, TemplateRender, TemplateType } from '../wire/templates.js';
import { segment, type Transport } from './transport.js';

export function templatesApi(t: Transport) {
  return {
    /** Transactional mail templates of the workspace, as the studio edits them (the Mailcoach API only reads them). */
    templates: {
      list: async (): Promise<StudioTemplate[]> => (await t.json<{ data: StudioTemplate[] }>('GET', '/templates')).data,
      /** By name, or uuid. */
      get: (nameOrUuid: string): Promise<StudioTemplate> => t.json('GET', `/templates/${segment(nameOrUuid)}`),
      create: (input: TemplateInput & { name: string; type: TemplateType }): Promise<StudioTemplate> =>
        t.json('POST', '/templates', { json: input }),
      update: (nameOrUuid: string, input: TemplateInput): Promise<StudioTemplate> =>
        t.json('PATCH', `/templates/${segment(nameOrUuid)}`, { json: input }),
      remove: (nameOrUuid: string): Promise<void> => t.done('DELETE', `/templates/${segment(nameOrUuid)}`),
      /** Renders as a send with these replacements would; a template with errors still answers (see `errors`). */
      render: (nameOrUuid: string, request: RenderRequest = {}): Promise<TemplateRender> =>
        t.json('POST', `/templates/${segment(nameOrUuid)}/render`, { json: request }),
    },
  };
}
