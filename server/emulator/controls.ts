/**
 * Test controls: POST /reset (the workspace back to its fixtures), POST /seed (more data, in the fixture
 * format, the audience included), GET/POST /clock (freeze, advance, resume the emulator's time, or reset it to the system's).
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CLOCK_RANGE, ClockRangeError } from '../clock.js';
import type { AppDeps } from '../deps.js';
import { ValidationError, type FieldErrors } from '../errors.js';
import { resetWorkspace, seedWorkspace } from '../fixtures/seed.js';
import {
  checkEmailLists,
  resolveCampaignTemplates,
  type AudienceContext,
  type FieldPath,
} from '../fixtures/audience-load.js';
import { displayPath, type FixtureSet } from '../fixtures/load.js';
import { fixtureFile } from '../fixtures/schema.js';
import { tokenNeeded } from '../http/local-surface.js';
import { lazySchema } from '../fixtures/zod.js';
import type { AppEnv } from '../http/env.js';
import { readJsonBody, readJsonObject } from './request-body.js';
import { issueErrors, parseOr422 } from '../validation/zod-issues.js';
import { parseInstant } from '../instant.js';
import type { ClockChange, ClockState, EmulatorSettings, FixturesStatus, SeedCounts } from './schemas/controls.js';
import type { SameType } from './schemas/same-type.js';

export function controlRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/reset', (c) => {
      resetWorkspace(deps, c.get('workspaceId'));
      return c.body(null, 204);
    })
    .post('/seed', async (c) => {
      const set = parseSeedDocument(await readJsonBody(c));
      seedWorkspace(deps, c.get('workspaceId'), set);
      return c.json({
        templates: set.templates.length,
        suppressions: set.suppressions.length,
        transactional_mails: set.logItems.length,
        sends: set.sends.length,
        email_lists: set.emailLists.length,
        subscribers: set.emailLists.reduce((sum, list) => sum + list.subscribers.length, 0),
        campaign_templates: set.campaignTemplates.length,
        automations: set.automations.length,
        campaigns: set.campaigns.length,
        webhooks: set.webhooks.length,
      } satisfies SeedCounts);
    })
    .get('/settings', (c) => {
      const tokenRequired = tokenNeeded(deps.options);
      return c.json({
        isolate: deps.workspaces.isolated,
        any_token: deps.options.anyToken,
        // Beyond loopback the tokens are secrets that whoever reaches the UI must already hold: not shown.
        tokens: tokenRequired ? [] : deps.options.tokens,
        token_required: tokenRequired,
        allow_spam_complaint_deletion: deps.options.allowSpamComplaintDeletion,
        mailers: deps.options.mailers,
        rate_limit: deps.options.rateLimit,
        max_body_bytes: deps.options.maxBodyBytes,
        render_workers: deps.options.renderWorkers,
        fixtures: deps.fixtureStatus.directory === null ? null : displayPath(deps.fixtureStatus.directory),
        watch: deps.fixtureStatus.watching,
        webhooks: deps.options.webhooks,
        webhook_retries: deps.options.webhookRetries,
        smtp: {
          port: deps.smtpListening.port,
          smtps_port: deps.smtpListening.smtpsPort,
          starttls: deps.smtpListening.starttls,
          // The UI's rule (README "SMTP"): where the UI needs a token, SMTP needs AUTH with one as the password.
          auth_required: tokenRequired,
        },
      } satisfies EmulatorSettings);
    })
    .get('/fixtures', (c) => {
      const { directory, watching, problems, reloadedAt } = deps.fixtureStatus;
      return c.json({
        directory: directory === null ? null : displayPath(directory),
        watching,
        problems,
        reloaded_at: reloadedAt === null ? null : new Date(reloadedAt).toISOString(),
      } satisfies FixturesStatus);
    })
    .get('/clock', (c) => c.json(clockState(deps)))
    .post('/clock', async (c) => {
      const change = parseOr422(clockChange(), await readJsonObject(c), (field) => CLOCK_MESSAGES[field]);
      try {
        // The clock announces the change itself (deps.ts), with the state answered here.
        const { now, frozen } = deps.clockControl.change({
          reset: change.reset,
          freeze: change.freeze,
          resume: change.resume,
          advanceMs: change.advance_ms,
        });
        return c.json({ now: now.toISOString(), frozen } satisfies ClockState);
      } catch (error) {
        if (error instanceof ClockRangeError) throw clockOutOfRange(change);
        throw error;
      }
    });
}

/** A fixture file's JSON, checked like a file (fixtures/schema.ts, audience-load.ts); every problem is a 422 entry. */
function parseSeedDocument(document: unknown): FixtureSet {
  const result = fixtureFile().safeParse(document);
  if (!result.success) throw new ValidationError(issueErrors(result.error.issues));
  const problems: FieldErrors = {};
  const templates = result.data.templates.flatMap(({ body, body_file: bodyFile, ...template }, index) => {
    if (body !== undefined) return [{ ...template, body }];
    problems[`templates.${index}.body_file`] = [
      `body_file "${bodyFile}" cannot be read through the API: give the body inline.`,
    ];
    return [];
  });
  const audience = seedAudienceContext(problems);
  checkEmailLists(result.data.email_lists, audience);
  // No file to read html_file beside: refused, as body_file is.
  const campaignTemplates = resolveCampaignTemplates(result.data.campaign_templates, audience, (htmlFile) => ({
    problem: `html_file "${htmlFile}" cannot be read through the API: give the html inline.`,
  }));
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  const {
    suppressions,
    transactional_mails: logItems,
    sends,
    email_lists: emailLists,
    automations,
    campaigns,
    webhooks,
  } = result.data;
  return { templates, suppressions, logItems, sends, emailLists, campaignTemplates, automations, campaigns, webhooks };
}

/** The audience checks' problems as 422 entries by dotted field (`email_lists.0.segments.0.positive_tags.1`). */
function seedAudienceContext(problems: FieldErrors): AudienceContext {
  const claimed = new Set<string>();
  const add = (path: FieldPath, message: string) => {
    const field = path.join('.');
    const list = problems[field] ?? [];
    list.push(message);
    problems[field] = list;
  };
  return {
    claim: (what, key, path) => {
      if (claimed.has(`${what}\0${key}`)) add(path, `Duplicate ${what} "${key}": each must name one row.`);
      claimed.add(`${what}\0${key}`);
    },
    problem: (path, message) => add(path, message),
  };
}

/** The most one request may move the clock: 100 (Julian) years. */
const MAX_ADVANCE_MS = 100 * 365.25 * 86_400_000;

const CLOCK_MESSAGES: Record<string, string> = {
  freeze:
    'The freeze must be true or an ISO 8601 date-time, such as 2025-03-01T10:00:00Z (UTC unless it has an offset).',
  advance_ms: `The advance_ms must be an integer from 0 to ${MAX_ADVANCE_MS} (100 years).`,
  resume: 'The resume must be true.',
  reset: 'The reset must be true.',
};

const clockChange = lazySchema(() =>
  z
    .strictObject({
      // The one reading of ISO 8601 (instant.ts), a time required: no Date.parse guesswork.
      freeze: z.optional(
        z.union([
          z.literal(true),
          z.pipe(
            z.string().check(z.refine((value) => parseInstant(value, { requireTime: true }) !== null)),
            z.transform((value) => new Date(parseInstant(value, { requireTime: true }) as number)),
          ),
        ]),
      ),
      advance_ms: z.optional(
        z.number().check(
          z.refine(
            (ms) => ms <= MAX_ADVANCE_MS,
            `The advance_ms must not be greater than ${MAX_ADVANCE_MS} (100 years).`,
          ),
          z.refine(
            (ms) => ms > MAX_ADVANCE_MS || (Number.isInteger(ms) && ms >= 0),
            'The advance_ms must be an integer of at least 0.',
          ),
        ),
      ),
      resume: z.optional(z.literal(true)),
      reset: z.optional(z.literal(true)),
    })
    .check(
      z.refine(
        (change) =>
          change.freeze !== undefined ||
          change.advance_ms !== undefined ||
          change.resume !== undefined ||
          change.reset !== undefined,
        {
          message: 'Give freeze (true or an ISO 8601 date-time), advance_ms, resume or reset.',
          path: ['freeze'],
        },
      ),
      z.refine((change) => change.freeze === undefined || change.resume === undefined, {
        message: 'Give freeze or resume, not both.',
        path: ['resume'],
      }),
    ),
);

// What this route accepts is what the document says it does (schemas/controls.ts ClockChange).
true satisfies SameType<ClockChange, z.input<ReturnType<typeof clockChange>>>;

/**
 * The 422 for a change the clock refused (it stays within CLOCK_RANGE): on the freeze when that instant is out of
 * range itself, otherwise on the advance_ms that would take the clock out.
 */
function clockOutOfRange(change: z.output<ReturnType<typeof clockChange>>): ValidationError {
  const [min, max] = [CLOCK_RANGE.min, CLOCK_RANGE.max].map((ms) => new Date(ms).toISOString());
  const frozenAt = change.freeze instanceof Date ? change.freeze.getTime() : null;
  const freezeOutOfRange = frozenAt !== null && (frozenAt < CLOCK_RANGE.min || frozenAt > CLOCK_RANGE.max);
  if (change.advance_ms === undefined || freezeOutOfRange) {
    return new ValidationError({ freeze: [`The freeze must be between ${min} and ${max}.`] });
  }
  return new ValidationError({
    advance_ms: [`The advance_ms would take the clock past ${max}, the latest time it can show.`],
  });
}

function clockState(deps: AppDeps): ClockState {
  const { now, frozen } = deps.clockControl.state();
  return { now: now.toISOString(), frozen };
}
