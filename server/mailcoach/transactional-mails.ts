/**
 * /api/transactional-mails: the log index, send, show and resend (docs/spec/mailcoach-reference.md#4-post-apitransactional-mailssend, docs/spec/mailcoach-reference.md#5-transactional-mail-log-endpoints). Mirrors
 * TransactionalMailsController, SendTransactionalMailController, ResendTransactionalMailController and
 * TransactionalMailLogItemQuery (v8 src/Http/Api).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { PlainTextError, suppressedRecipient } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { resendTransactionalMail } from '../mail/resend.js';
import { readSendRequest } from '../mail/send-request.js';
import { sendTransactionalMail, type SendDeps } from '../mail/send-transactional.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { sendRules } from './request-rules.js';
import { respondWithIndex } from '../http/listing.js';
import { logItemResource } from './resources/transactional.js';
import { logItemIndex } from './resources/indexes.js';
import { findLogItem } from './bindings.js';

export function transactionalMailRoutes(deps: AppDeps) {
  const { templates } = deps.store;
  const sendDeps: SendDeps = { ...deps, defaultMailer: deps.options.mailers[0] ?? 'smtp' };

  /** The send rules of each workspace, built once (their mail_name rule looks templates up in it). */
  const rulesByWorkspace = new Map<number, RuleSet>();
  const sendRulesFor = (workspaceId: number): RuleSet => {
    let rules = rulesByWorkspace.get(workspaceId);
    if (rules === undefined) {
      const templateExists = (value: string) => templates.existsByNameOrUuid(workspaceId, value);
      rules = sendRules({ templateExists, mailers: deps.options.mailers });
      // --any-token with --isolate makes a workspace per token: keep the map small whatever the clients do.
      if (rulesByWorkspace.size >= 1_000) rulesByWorkspace.clear();
      rulesByWorkspace.set(workspaceId, rules);
    }
    return rules;
  };

  return new Hono<AppEnv>()
    .get('/', (c) => respondWithIndex(c, logItemIndex(deps, logItemResource)))
    .post('/send', async (c) => {
      const input = c.get('input');
      const workspaceId = c.get('workspaceId');
      validate(input, sendRulesFor(workspaceId));
      const outcome = await sendFailingAsMailcoach(() =>
        sendTransactionalMail(sendDeps, workspaceId, readSendRequest(input)),
      );
      if (outcome.kind === 'suppressed') throw suppressedRecipient(outcome.email);
      // 200 {"uuid"} (not wrapped in data) when stored, an empty 204 otherwise (docs/spec/mailcoach-reference.md#46-responses).
      return outcome.kind === 'stored' ? laravelJson({ uuid: outcome.logItemUuid }) : noContent();
    })
    .get('/:transactionalMail', (c) => laravelJson({ data: logItemResource(findLogItem(deps, c)) }))
    .post('/:transactionalMail/resend', async (c) => {
      const logItem = findLogItem(deps, c);
      await sendFailingAsMailcoach(() => resendTransactionalMail(sendDeps, logItem));
      return noContent();
    });

  /**
   * SendTransactionalMailController catches what sending throws and answers its message as plain text with a
   * 500 (since 8.10). The failure is logged too: for the emulator it is a bug to fix.
   */
  async function sendFailingAsMailcoach<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      deps.logger.error('sending failed', error);
      throw new PlainTextError(500, error instanceof Error ? error.message : String(error));
    }
  }
}
