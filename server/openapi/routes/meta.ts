import { z } from 'zod';
import { type Route, json, unauthorized, notFound } from '../route-table.js';

export const metaRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/docs',
    tag: 'meta',
    summary: 'These docs, interactive (Swagger UI, served by the emulator: no CDN)',
    description:
      'Static, like the web UI: no token needed. "Try it out" sends the token of the UI\'s tab, or the one given with "Authorize".',
    responses: { 200: { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } } },
    security: [],
  },
  {
    method: 'get',
    path: '/_emulator/docs/{file}',
    tag: 'meta',
    summary: "One of the docs page's scripts and stylesheets",
    parameters: [
      {
        name: 'file',
        in: 'path',
        required: true,
        schema: { enum: ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs.js', 'docs.css'] },
      },
    ],
    responses: {
      200: {
        description: 'The file.',
        content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } },
      },
      404: notFound,
    },
    security: [],
  },
  {
    method: 'get',
    path: '/_emulator/openapi.json',
    tag: 'meta',
    summary: 'This document',
    responses: {
      200: json(
        z.looseObject({
          openapi: z.string(),
          info: z.record(z.string(), z.unknown()),
          paths: z.record(z.string(), z.unknown()),
          components: z.record(z.string(), z.unknown()),
        }),
        'The OpenAPI 3.1 document.',
      ),
      401: unauthorized,
    },
  },
];
