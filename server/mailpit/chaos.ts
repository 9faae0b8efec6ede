/**
 * `GET /api/v1/chaos` and `PUT /api/v1/chaos` (docs/spec/mailpit-api.md#26-checks): Mailpit's chaos triggers, which
 * are the workspace's SMTP fault rules for MAIL, RCPT and AUTH (faults/chaos.ts). Chaos is always on here, as fault
 * rules are (`ChaosEnabled: true`), so `400 Chaos is not enabled` is never answered. A PUT sets all three triggers:
 * one left out goes back to its default. Unlike Mailpit, which has set the triggers before a bad one when it
 * answers its 400, a PUT with a bad trigger changes nothing (quirks.md "Mailpit surface").
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitError } from '../errors.js';
import {
  CHAOS_TRIGGER_NAMES,
  type ChaosTrigger,
  type ChaosTriggers,
  chaosTriggerProblem,
  chaosTriggers,
  setChaosTriggers,
  withDefaultCode,
} from '../faults/chaos.js';
import { goJson } from '../go-json.js';
import type { MailpitEnv } from './env.js';
import { goFieldValues, goKind, readGoJsonBody } from './json-body.js';

export function chaosRoutes(deps: Pick<AppDeps, 'faults'>) {
  const routes = new Hono<MailpitEnv>();
  const answer = (triggers: ChaosTriggers) =>
    new Response(goJson(triggers), { headers: { 'content-type': 'application/json' } });

  routes.get('/api/v1/chaos', (c) => answer(chaosTriggers(deps.faults.list(c.get('workspaceId')))));

  routes.put('/api/v1/chaos', async (c) => {
    const triggers = decodeTriggers(await readGoJsonBody(c));
    for (const name of CHAOS_TRIGGER_NAMES) {
      const problem = chaosTriggerProblem(triggers[name]);
      if (problem !== null) throw mailpitError(400, problem);
    }
    const workspaceId = c.get('workspaceId');
    setChaosTriggers(deps.faults, workspaceId, triggers);
    return answer(chaosTriggers(deps.faults.list(workspaceId)));
  });

  return routes;
}

/** The body decoded into Mailpit's `chaos.Triggers` as Go decodes it; the first type error is the 400. */
function decodeTriggers(body: unknown): ChaosTriggers {
  const triggers = {} as ChaosTriggers;
  const object = body === null ? {} : body;
  if (goKind(object) !== 'object') {
    throw mailpitError(400, `json: cannot unmarshal ${goKind(object)} into Go value of type chaos.Triggers`);
  }
  for (const name of CHAOS_TRIGGER_NAMES) {
    const trigger: ChaosTrigger = { ErrorCode: 0, Probability: 0 };
    for (const value of goFieldValues(object as Record<string, unknown>, name)) {
      if (value === null) continue;
      if (goKind(value) !== 'object') {
        throw mailpitError(
          400,
          `json: cannot unmarshal ${goKind(value)} into Go struct field Triggers.${name} of type chaos.Trigger`,
        );
      }
      for (const field of ['ErrorCode', 'Probability'] as const) {
        for (const number of goFieldValues(value as Record<string, unknown>, field)) {
          if (number === null) continue;
          if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
            const given = typeof number === 'number' ? `number ${number}` : goKind(number);
            throw mailpitError(
              400,
              `json: cannot unmarshal ${given} into Go struct field Trigger.${name}.${field} of type int`,
            );
          }
          trigger[field] = number;
        }
      }
    }
    triggers[name] = withDefaultCode(name, trigger);
  }
  return triggers;
}
