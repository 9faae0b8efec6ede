/**
 * GET/POST/DELETE /_emulator/faults: each workspace's fault rules (faults/fault-rules.ts), which the /api middleware
 * (http/apply-faults.ts) applies.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { type FaultRule, faultResource, parseFaultSpec } from '../faults/fault-rules.js';
import { readJsonObject } from './request-body.js';
import type { FaultRule as FaultRuleJson } from './schemas/controls.js';

/** A rule as the document says it is answered (schemas/controls.ts FaultRule): the domain's presenter, checked. */
const present = (rule: FaultRule): FaultRuleJson => faultResource(rule);

/** GET/POST/DELETE /faults. */
export function faultRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.json({ data: deps.faults.list(c.get('workspaceId')).map(present) }))
    .post('/', async (c) => {
      const spec = parseFaultSpec(await readJsonObject(c));
      const rule = deps.faults.add(c.get('workspaceId'), spec);
      return c.json(present(rule), 201);
    })
    .delete('/', (c) => {
      deps.faults.clear(c.get('workspaceId'));
      return c.body(null, 204);
    })
    .delete('/:id', (c) => {
      const id = Number(c.req.param('id'));
      if (!Number.isInteger(id) || !deps.faults.remove(c.get('workspaceId'), id)) {
        throw new ApiError(404, `No fault rule ${c.req.param('id')} in this workspace.`);
      }
      return c.body(null, 204);
    });
}
