/**
 * Fault rules (README "Fault rules"): their format, checked for POST /_emulator/faults and the `--faults` file,
 * and the in-memory store of each workspace's rules, which decides which rules fire for a request.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { lazySchema } from '../fixtures/zod.js';
import type { RandomSource } from '../random.js';
import { issueErrors, parseOr422 } from '../validation/zod-issues.js';

const PRESETS = ['rate-limited', 'server-error'] as const;

/**
 * The SMTP commands a rule can answer: the sender, one recipient, the whole message after its `.`, or the client's
 * credentials (before they are judged; Mailpit's chaos answers AUTH).
 */
const SMTP_COMMANDS = ['MAIL', 'RCPT', 'DATA', 'AUTH'] as const;
export type SmtpCommand = (typeof SMTP_COMMANDS)[number];

/** An SMTP reply's text: one line of visible ASCII (a CR or LF would end the reply, or start a forged one). */
const SMTP_TEXT = /^[\x20-\x7e]*$/;

/** The methods the Mailcoach surface answers (a rule for any other could never fire). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** RFC 9110 token: what Headers and Node take as a header name. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * A header value: tab, space and visible ASCII. Headers and Node refuse CR, LF, NUL, other controls and anything
 * past U+00FF (a 500 at every matching request); Latin-1 letters they take, but Node writes them as UTF-8 or
 * Latin-1 bytes depending on the response's body, so the client would not reliably get what the rule says.
 */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

const FIELD_MESSAGES: Record<string, string> = {
  method: `The method must be one of: ${METHODS.join(', ')}.`,
  route: 'The route must be a path starting with /, such as /api/transactional-mails/send (* matches one segment).',
  recipient: 'The recipient must be an email address (* matches any characters).',
  status: 'The status must be an integer from 100 to 599.',
  headers: 'The headers must be an object of header names and string values.',
  delay_ms: 'The delay_ms must be an integer from 0 to 600000.',
  drop: 'The drop field must be true or false.',
  times: 'The times must be an integer of at least 1.',
  probability: 'The probability must be a number from 0 to 1.',
  preset: `The preset must be one of: ${PRESETS.join(', ')}.`,
  smtp: `The smtp must be one of: ${SMTP_COMMANDS.join(', ')}.`,
  sender: 'The sender must be an email address (* matches any characters).',
  reply: 'The reply must be an object with a code (400 to 599) and an optional message.',
  'reply.code': 'The reply.code must be an integer from 400 to 599 (a 4xx or 5xx SMTP reply).',
  'reply.message': 'The reply.message must be one line of printable ASCII, at most 500 characters.',
};

/** HTTP fields an SMTP rule cannot have (it answers a command, not a request). */
const HTTP_ONLY = ['method', 'route', 'status', 'body', 'headers', 'delay_ms', 'drop', 'preset'] as const;

const ruleSchema = lazySchema(() =>
  z
    .strictObject({
      method: z.optional(
        z.pipe(
          z.pipe(
            z.string(),
            z.transform((m) => m.toUpperCase()),
          ),
          z.enum(METHODS),
        ),
      ),
      route: z.optional(z.string().check(z.regex(/^\/\S*$/))),
      recipient: z.optional(z.string().check(z.minLength(1))),
      status: z.optional(z.int().check(z.gte(100), z.lte(599))),
      body: z.optional(z.unknown()),
      headers: z.optional(
        z.pipe(
          z.record(z.string(), z.unknown()).check(z.superRefine(checkHeaders)),
          z.transform((headers) =>
            Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
          ),
        ),
      ),
      delay_ms: z.optional(z.int().check(z.gte(0), z.lte(600_000))),
      drop: z.optional(z.boolean()),
      times: z.optional(z.int().check(z.gte(1))),
      probability: z.optional(z.number().check(z.gte(0), z.lte(1))),
      preset: z.optional(z.enum(PRESETS)),
      smtp: z.optional(
        z.pipe(
          z.pipe(
            z.string(),
            z.transform((m) => m.toUpperCase()),
          ),
          z.enum(SMTP_COMMANDS),
        ),
      ),
      sender: z.optional(z.string().check(z.minLength(1))),
      reply: z.optional(
        z.strictObject({
          code: z.int().check(z.gte(400), z.lte(599)),
          message: z.optional(z.string().check(z.maxLength(500), z.regex(SMTP_TEXT))),
        }),
      ),
    })
    .check(
      z.superRefine((rule, ctx) => {
        const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        if (rule.smtp !== undefined || rule.reply !== undefined || rule.sender !== undefined) {
          if (rule.smtp === undefined)
            problem('smtp', 'A reply or sender belongs to an SMTP rule: give smtp (MAIL, RCPT, DATA or AUTH).');
          if (rule.reply === undefined)
            problem('reply', 'An SMTP rule needs a reply: { "code": 550, "message": "..." }.');
          for (const field of HTTP_ONLY) {
            if (rule[field] !== undefined)
              problem(field, `An SMTP rule answers a command, not an HTTP request: ${field} cannot go with smtp.`);
          }
          if (rule.smtp === 'MAIL' && rule.recipient !== undefined) {
            problem(
              'recipient',
              'MAIL FROM comes before any recipient: match a MAIL rule by sender, or use RCPT or DATA.',
            );
          }
          for (const field of ['sender', 'recipient'] as const) {
            if (rule.smtp === 'AUTH' && rule[field] !== undefined)
              problem(field, `AUTH comes before any sender or recipient: an AUTH rule cannot match a ${field}.`);
          }
          return;
        }
        if (rule.preset !== undefined && (rule.status !== undefined || rule.body !== undefined)) {
          problem('preset', 'A preset brings its own status and body: give either preset or status.');
        }
        if (rule.body !== undefined && rule.status === undefined && rule.preset === undefined)
          problem('body', 'A body needs a status.');
        if (rule.drop && [rule.status, rule.body, rule.headers, rule.preset].some((value) => value !== undefined)) {
          problem('drop', 'A dropped connection has no answer: drop cannot go with status, body, headers or preset.');
        }
        const effects = [rule.status, rule.preset, rule.headers, rule.delay_ms, rule.drop ? true : undefined];
        if (rule.body === undefined && effects.every((value) => value === undefined)) {
          problem('status', 'Give an effect: status (with body and headers), preset, headers, delay_ms or drop.');
        }
      }),
    ),
);

/** Each header on its own field (`headers.X-Name`), so that a 422 says which one a response could not carry. */
function checkHeaders(headers: Record<string, unknown>, ctx: z.core.$RefinementCtx<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(headers)) {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
    if (!HEADER_NAME.test(name)) {
      problem(`The header name "${name}" must only contain letters, digits and !#$%&'*+-.^_\`|~ (an HTTP token).`);
    } else if (typeof value !== 'string' && typeof value !== 'number') {
      problem(`The headers.${name} field must be a string or a number.`);
    } else if (!HEADER_VALUE.test(String(value))) {
      problem(`The headers.${name} field must only contain printable ASCII characters, spaces and tabs.`);
    }
  }
}

export type FaultSpec = z.output<ReturnType<typeof ruleSchema>>;

/** Which of Mailpit's chaos triggers a rule stands for (faults/chaos.ts), or null for a rule added as a rule. */
export type ChaosTriggerName = 'Sender' | 'Recipient' | 'Authentication';

export interface FaultRule {
  id: number;
  spec: FaultSpec;
  chaos: ChaosTriggerName | null;
  route: RegExp | null;
  recipient: Matcher | null;
  sender: Matcher | null;
  remaining: number | null;
  fired: number;
}

/** What the middleware knows of a request; recipients are read only when a rule asks for them. */
export interface FaultRequest {
  method: string;
  path: string;
  recipients(): string[];
}

/** An SMTP command a rule may answer: MAIL (its sender), RCPT (the one recipient it adds), DATA (the envelope). */
export interface FaultSmtpCommand {
  command: SmtpCommand;
  sender: string;
  recipients: readonly string[];
}

/** The reply an SMTP rule gives; without a message, a standard one for the code's class. */
export function smtpReplyOf(spec: FaultSpec): { code: number; message: string } {
  const reply = spec.reply as { code: number; message?: string | undefined };
  const fallback = reply.code < 500 ? '4.3.0 Temporary failure (fault rule)' : '5.7.1 Refused (fault rule)';
  return {
    code: reply.code,
    message: reply.message === undefined || reply.message.trim() === '' ? fallback : reply.message,
  };
}

/** Parses one rule, or throws the 422 naming the fields. `null` values count as absent. */
export function parseFaultSpec(value: Record<string, unknown>): FaultSpec {
  const present = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  return parseOr422(ruleSchema(), present, (field) => FIELD_MESSAGES[field]);
}

class FaultFileError extends Error {}

/** Reads a `--faults` file: a JSON array of rules. Throws FaultFileError listing every problem. */
export function loadFaultFile(path: string | null): FaultSpec[] {
  if (path === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new FaultFileError(`invalid faults file ${path}: ${(error as Error).message}`);
  }
  if (!Array.isArray(json)) throw new FaultFileError(`invalid faults file ${path}: expected a JSON array of rules`);
  const problems: string[] = [];
  const specs = json.flatMap((item: unknown, index) => {
    const present =
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null))
        : item;
    const result = ruleSchema().safeParse(present);
    if (result.success) return [result.data];
    const errors = issueErrors(result.error.issues, (field) => FIELD_MESSAGES[field]);
    for (const [field, messages] of Object.entries(errors)) problems.push(`[${index}].${field}: ${messages.join(' ')}`);
    return [];
  });
  if (problems.length > 0) throw new FaultFileError(`invalid faults file ${path}:\n  ${problems.join('\n  ')}`);
  return specs;
}

/** The rule stores of every workspace; a workspace starts with (its own copies of) the file's rules. */
/**
 * `announce`: called once per change of a workspace's rules, their counts included (a rule added, removed or
 * cleared; rules fired for a request or an SMTP command), so that every path that changes them tells the pages
 * that list them (`faults.changed`, deps.ts). A reset announces nothing of its own: `workspace.reset` says it.
 */
export function createFaultRules(fileRules: readonly FaultSpec[], announce: (workspaceId: number) => void = () => {}) {
  const byWorkspace = new Map<number, FaultRule[]>();
  let nextId = 1;
  const materialize = (spec: FaultSpec, chaos: ChaosTriggerName | null = null): FaultRule => ({
    id: nextId++,
    spec,
    chaos,
    route: spec.route === undefined ? null : routePattern(spec.route),
    recipient: spec.recipient === undefined ? null : globPattern(spec.recipient),
    sender: spec.sender === undefined ? null : globPattern(spec.sender),
    remaining: spec.times ?? null,
    fired: 0,
  });
  const rulesOf = (workspaceId: number): FaultRule[] => {
    let rules = byWorkspace.get(workspaceId);
    if (rules === undefined) {
      rules = fileRules.map((spec) => materialize(spec));
      byWorkspace.set(workspaceId, rules);
    }
    return rules;
  };

  return {
    list: (workspaceId: number): readonly FaultRule[] => rulesOf(workspaceId),
    add(workspaceId: number, spec: FaultSpec): FaultRule {
      const rule = materialize(spec);
      rulesOf(workspaceId).push(rule);
      announce(workspaceId);
      return rule;
    },
    remove(workspaceId: number, id: number): boolean {
      const rules = rulesOf(workspaceId);
      const index = rules.findIndex((rule) => rule.id === id);
      if (index === -1) return false;
      rules.splice(index, 1);
      announce(workspaceId);
      return true;
    },
    /** Replaces the workspace's chaos rules (PUT /api/v1/chaos) by these, after its other rules. */
    replaceChaos(workspaceId: number, triggers: ReadonlyArray<{ name: ChaosTriggerName; spec: FaultSpec }>): void {
      const kept = rulesOf(workspaceId).filter((rule) => rule.chaos === null);
      byWorkspace.set(workspaceId, [...kept, ...triggers.map(({ name, spec }) => materialize(spec, name))]);
      announce(workspaceId);
    },
    clear(workspaceId: number): void {
      byWorkspace.set(workspaceId, []);
      announce(workspaceId);
    },
    /** Back to the file's rules, with fresh counts (POST /_emulator/reset). */
    reset: (workspaceId: number) => void byWorkspace.delete(workspaceId),

    /**
     * The rules that fire for a request, in creation order: each matching rule that has times left fires (with
     * its probability, drawn from `random`), up to and including the first that decides the answer (status,
     * preset or drop); rules after it are not evaluated and keep their times.
     */
    fire(workspaceId: number, request: FaultRequest, random: RandomSource): FaultRule[] {
      const rules = rulesOf(workspaceId);
      if (rules.length === 0) return [];
      const fired: FaultRule[] = [];
      let recipients: string[] | null = null;
      for (const rule of rules) {
        if (rule.remaining === 0 || rule.spec.smtp !== undefined) continue;
        if (rule.spec.method !== undefined && rule.spec.method !== request.method) continue;
        if (rule.route !== null && !rule.route.test(request.path)) continue;
        if (rule.recipient !== null) {
          recipients ??= request.recipients();
          if (!recipients.some((email) => rule.recipient?.test(email))) continue;
        }
        if (!fires(rule, random)) continue;
        fired.push(rule);
        if (isDecisive(rule.spec)) break;
      }
      if (fired.length > 0) announce(workspaceId);
      return fired;
    },

    /**
     * The SMTP rule that answers a command, or null: the first in creation order that matches it, has times left
     * and fires (its probability drawn from the same `random`, counted as the HTTP rules are); every SMTP rule
     * decides, so the rules after it are not evaluated.
     */
    fireSmtp(workspaceId: number, command: FaultSmtpCommand, random: RandomSource): FaultRule | null {
      for (const rule of rulesOf(workspaceId)) {
        if (rule.remaining === 0 || rule.spec.smtp !== command.command) continue;
        if (rule.sender !== null && !rule.sender.test(command.sender)) continue;
        if (rule.recipient !== null && !command.recipients.some((email) => rule.recipient?.test(email))) continue;
        if (!fires(rule, random)) continue;
        announce(workspaceId);
        return rule;
      }
      return null;
    },
  };
}

export type FaultRules = ReturnType<typeof createFaultRules>;

/** Draws the rule's probability and, when it fires, counts it: the one rule HTTP and SMTP rules share. */
function fires(rule: FaultRule, random: RandomSource): boolean {
  const probability = rule.spec.probability ?? 1;
  if (probability < 1 && !(probability > 0 && random() < probability)) return false;
  if (rule.remaining !== null) rule.remaining -= 1;
  rule.fired += 1;
  return true;
}

export const isDecisive = (spec: FaultSpec) =>
  spec.status !== undefined || spec.preset !== undefined || spec.drop === true;

/** A rule as the API shows it: every field, null when not set. */
export function faultResource(rule: FaultRule) {
  const { spec } = rule;
  return {
    id: rule.id,
    method: spec.method ?? null,
    route: spec.route ?? null,
    recipient: spec.recipient ?? null,
    status: spec.status ?? null,
    body: spec.body === undefined ? null : spec.body,
    headers: spec.headers ?? null,
    delay_ms: spec.delay_ms ?? null,
    drop: spec.drop ?? false,
    times: spec.times ?? null,
    probability: spec.probability ?? null,
    preset: spec.preset ?? null,
    smtp: spec.smtp ?? null,
    sender: spec.sender ?? null,
    reply: spec.reply === undefined ? null : smtpReplyOf(spec),
    remaining: rule.remaining,
    fired: rule.fired,
  };
}

/** A route such as /api/transactional-mails/send (`*` = one segment; trailing slashes ignored; `/api` may be left out). */
function routePattern(route: string): RegExp {
  let end = route.length;
  while (end > 0 && route[end - 1] === '/') end--;
  // Not /\/+$/, which rescans each run of slashes from every slash in it.
  const trimmed = route.slice(0, end);
  const full = trimmed === '/api' || trimmed.startsWith('/api/') ? trimmed : `/api${trimmed}`;
  const segments = full.split('/').map((segment) => (segment === '*' ? '[^/]+' : escapeRegExp(segment)));
  return new RegExp(`^${segments.join('/')}/*$`);
}

interface Matcher {
  test(text: string): boolean;
}

/**
 * An email pattern: case-insensitive, `*` matches any characters. Matched by finding its literal parts in order
 * (the first at the start, the last at the end, each of the others at its first place after the one before),
 * which is linear: as a regex, `a*a*a*...b` backtracks exponentially on a recipient that does not match, and
 * every send would run it.
 */
function globPattern(pattern: string): Matcher {
  const parts = pattern.toLowerCase().split('*');
  const first = parts[0] as string;
  const last = parts.at(-1) as string;
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  return {
    test(text: string): boolean {
      const lowered = text.toLowerCase();
      if (parts.length === 1) return lowered === first;
      if (lowered.length < first.length + last.length || !lowered.startsWith(first) || !lowered.endsWith(last))
        return false;
      let at = first.length;
      const end = lowered.length - last.length;
      for (const part of middle) {
        const found = lowered.indexOf(part, at);
        if (found === -1 || found + part.length > end) return false;
        at = found + part.length;
      }
      return true;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
