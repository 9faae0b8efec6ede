import { z } from 'zod';
import { ClockState, ClockChange, FixtureProblem, Fixture, SeedCounts } from '../../emulator/schemas/controls.js';
import { type Route, json, unauthorized, invalid } from '../route-table.js';

export const controlsRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/settings',
    tag: 'controls',
    summary: "The emulator's settings a client needs: isolation and the accepted tokens",
    responses: {
      200: json(
        z.object({
          isolate: z.boolean().describe('One workspace per token (--isolate).'),
          any_token: z.boolean().describe('Any non-empty token is accepted (--any-token).'),
          tokens: z.array(z.string()).describe('The accepted tokens; empty when a token is required.'),
          token_required: z
            .boolean()
            .describe('Whether the UI and /_emulator need a token (bound beyond loopback, or --ui-token required).'),
          allow_spam_complaint_deletion: z.boolean().describe('--allow-spam-complaint-deletion.'),
          mailers: z.array(z.string()).describe('--mailers.'),
          rate_limit: z.int().nullable().describe('Requests per minute per token (--rate-limit); null: none.'),
          max_body_bytes: z.int().describe('--max-body-mb, in bytes.'),
          render_workers: z.int().describe('--render-workers.'),
          fixtures: z.string().nullable().describe('The fixtures directory; null with --no-fixtures.'),
          watch: z.boolean().describe('Whether --watch follows the fixtures.'),
          webhooks: z.array(z.string()).describe('The --webhook URLs (each a configuration for every list and event).'),
          webhook_retries: z.enum(['mailcoach', 'fast', 'off']).describe('--webhook-retries.'),
          smtp: z
            .object({
              port: z.int().nullable().describe('The SMTP port (--smtp-port); null: off.'),
              smtps_port: z.int().nullable().describe('The implicit-TLS port (--smtps-port); null: off.'),
              starttls: z.boolean().describe('STARTTLS is offered on the SMTP port (--smtp-starttls).'),
              auth_required: z.boolean().describe('AUTH with an accepted API token as the password is required.'),
            })
            .describe('The SMTP intake (README "SMTP"): where apps send mail that does not go through the API.'),
        }),
        'The settings.',
      ),
      401: unauthorized,
    },
  },
  {
    method: 'post',
    path: '/_emulator/reset',
    tag: 'controls',
    summary: "Deletes the workspace's data and seeds its fixtures again",
    responses: { 204: 'Done; no body.', 401: unauthorized },
  },
  {
    method: 'post',
    path: '/_emulator/seed',
    tag: 'controls',
    summary: 'Seeds fixture data into the workspace',
    body: Fixture,
    responses: { 200: json(SeedCounts, 'How many of each were in the document.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'get',
    path: '/_emulator/clock',
    tag: 'controls',
    summary: "The emulator's time",
    responses: { 200: json(ClockState, 'Now, and whether the clock is frozen.'), 401: unauthorized },
  },
  {
    method: 'post',
    path: '/_emulator/clock',
    tag: 'controls',
    summary: 'Freezes, advances, resumes or resets the clock',
    body: ClockChange,
    responses: { 200: json(ClockState, 'The clock after the change.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'get',
    path: '/_emulator/fixtures',
    tag: 'controls',
    summary: "Where the fixtures come from, whether --watch follows them, and the last reload's problems",
    responses: {
      200: json(
        z.object({
          directory: z.string().nullable(),
          watching: z.boolean(),
          problems: z
            .array(FixtureProblem)
            .describe('Empty when the last reload loaded; the last good version stays in use otherwise.'),
          reloaded_at: z
            .string()
            .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
            .nullable(),
        }),
        'The fixtures status.',
      ),
      401: unauthorized,
    },
  },
];
