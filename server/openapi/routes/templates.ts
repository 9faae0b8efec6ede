import { z } from 'zod';
import { RenderRequest, StudioTemplate, TemplateInput, TemplateRender } from '../../emulator/schemas/templates.js';
import { type Route, json, unauthorized, notFound, invalid, templateParam } from '../route-table.js';

export const templatesRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/templates',
    tag: 'templates',
    summary: "The workspace's transactional mail templates, by name, with how many mails each rendered",
    responses: { 200: json(z.object({ data: z.array(StudioTemplate) }), 'The templates.'), 401: unauthorized },
  },
  {
    method: 'post',
    path: '/_emulator/templates',
    tag: 'templates',
    summary: 'Creates a template (the Mailcoach API has no write endpoint for them); a reset removes it',
    body: TemplateInput.required({ name: true, type: true }),
    responses: { 201: json(StudioTemplate, 'The template.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'get',
    path: '/_emulator/templates/{template}',
    tag: 'templates',
    summary: 'One template',
    parameters: [templateParam],
    responses: { 200: json(StudioTemplate, 'The template.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'patch',
    path: '/_emulator/templates/{template}',
    tag: 'templates',
    summary: 'Changes the fields given; a reset puts a fixture template back',
    parameters: [templateParam],
    body: TemplateInput,
    responses: {
      200: json(StudioTemplate, 'The template as changed.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'delete',
    path: '/_emulator/templates/{template}',
    tag: 'templates',
    summary: 'Deletes a template; a reset puts a fixture template back',
    parameters: [templateParam],
    responses: { 204: 'Done; no body.', 401: unauthorized, 404: notFound },
  },
  {
    method: 'post',
    path: '/_emulator/templates/{template}/render',
    tag: 'templates',
    summary: 'Renders the template as a send with these replacements would capture it',
    description:
      'subject, html and text are byte for byte what POST /api/transactional-mails/send with this mail_name and these replacements captures (same renderers). The rule for errors: bad input (not an object, a wrong type) is a 422; a template that has problems still answers 200, with them in `errors` (and html null when a send would fail), so that an editor can show them beside the last good render.',
    parameters: [templateParam],
    body: RenderRequest,
    bodyOptional: true,
    responses: {
      200: json(TemplateRender, 'The render and its diagnostics.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
];
