/**
 * POST /_emulator/checks: the checks report (README "Mail checks") of a mail not captured, such as the template
 * studio's current render: its subject, HTML and text. Without headers (a send adds them), so the header checks
 * are left out; the emulator's own links are resolved in the request's workspace as a captured mail's are.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppDeps } from '../deps.js';
import { checkMail } from '../checks/index.js';
import { emulatorRecords } from '../checks/records.js';
import { lazySchema } from '../fixtures/zod.js';
import type { AppEnv } from '../http/env.js';
import { parseOr422 } from '../validation/zod-issues.js';
import { readJsonObject } from './request-body.js';

const renderedMail = lazySchema(() =>
  z.strictObject({ subject: z.string(), html: z.nullable(z.string()), text: z.nullable(z.string()) }),
);

export function checkRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const mail = parseOr422(
      renderedMail(),
      await readJsonObject(c),
      () => 'The body must be {"subject": string, "html": string|null, "text": string|null}.',
    );
    const records = emulatorRecords(deps.store, c.get('workspaceId'));
    return c.json(
      checkMail(
        { ...mail, headers: null, campaign: false, contentIds: null },
        { origin: new URL(c.req.url).origin, records },
      ),
    );
  });
}
