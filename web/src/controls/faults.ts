/** Fault-rule presets for the controls page: each a rule for `POST /_emulator/faults` (server/emulator/README.md). */
import type { FaultRule, FaultRuleInput, FaultSmtpCommand } from '../../../server/testing/client.js';

export const SEND_ROUTE = '/api/transactional-mails/send';

export type PresetId = 'server-error' | 'rate-limited' | 'drop' | 'slow' | 'recipient-422' | 'smtp' | 'json';

export const PRESETS: Array<{ id: PresetId; label: string; help: string }> = [
  { id: 'server-error', label: '500 on send', help: 'Answers 500 {"message": "Server Error"}, as Laravel does.' },
  {
    id: 'rate-limited',
    label: '429 with Retry-After',
    help: 'Answers 429 "Too Many Attempts." with Retry-After: 60 and the X-RateLimit headers.',
  },
  {
    id: 'drop',
    label: 'Timeout: connection dropped',
    help: 'Closes the connection without an answer: the client sees "socket hang up".',
  },
  {
    id: 'slow',
    label: 'Timeout: 30 s delay',
    help: 'Holds the request 30 seconds, then lets it through: a client with a shorter timeout gives up.',
  },
  {
    id: 'recipient-422',
    label: '422 for one recipient',
    help: 'Answers a validation error only for sends to (or cc/bcc) the address given.',
  },
  {
    id: 'smtp',
    label: 'SMTP: refuse a command',
    help: 'Answers MAIL FROM, RCPT TO (that recipient only), DATA (after the final dot) or AUTH with a 4xx (try again) or 5xx (bounce) reply; a refused MAIL or DATA stores nothing.',
  },
  {
    id: 'json',
    label: 'Raw JSON',
    help: 'Any rule: method, route, recipient, status, body, headers, delay_ms, drop, times, probability, preset; or smtp, sender, recipient, reply.',
  },
];

export const SMTP_COMMANDS: FaultSmtpCommand[] = ['MAIL', 'RCPT', 'DATA', 'AUTH'];

/** What the SMTP form starts with: a bounce of an unknown recipient. */
export const SMTP_DEFAULT = { command: 'RCPT' as FaultSmtpCommand, code: '550', message: '5.1.1 No such user' };

/** An SMTP rule from the form; the recipient (RCPT, DATA only) is optional. */
export function smtpRule(command: FaultSmtpCommand, code: string, message: string, recipient: string): FaultRuleInput {
  const text = message.trim();
  return {
    smtp: command,
    ...((command === 'RCPT' || command === 'DATA') && recipient.trim() !== '' ? { recipient: recipient.trim() } : {}),
    reply: { code: Number(code), ...(text === '' ? {} : { message: text }) },
  };
}

export function presetRule(id: Exclude<PresetId, 'json' | 'smtp'>, route: string, recipient: string): FaultRuleInput {
  const on = route.trim() === '' ? {} : { route: route.trim() };
  switch (id) {
    case 'server-error':
      return { ...on, preset: 'server-error' };
    case 'rate-limited':
      return { ...on, preset: 'rate-limited' };
    case 'drop':
      return { ...on, drop: true };
    case 'slow':
      return { ...on, delay_ms: 30_000 };
    case 'recipient-422':
      return {
        route: SEND_ROUTE,
        recipient: recipient.trim(),
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { to: [`The recipient ${recipient.trim()} is refused (fault rule).`] },
        },
      };
  }
}

/** What a rule does, in words. */
export function describeEffect(rule: FaultRule): string {
  const parts: string[] = [];
  if (rule.reply !== null) parts.push(`replies ${rule.reply.code} ${rule.reply.message}`);
  if (rule.preset === 'server-error') parts.push('500 Server Error');
  if (rule.preset === 'rate-limited') parts.push('429 Too Many Attempts');
  if (rule.status !== null)
    parts.push(
      `${rule.status}${rule.body === null ? '' : ` ${typeof rule.body === 'string' ? rule.body : JSON.stringify(rule.body)}`}`,
    );
  if (rule.drop) parts.push('drops the connection');
  if (rule.delay_ms !== null) parts.push(`delays ${rule.delay_ms.toLocaleString()} ms`);
  if (rule.headers !== null)
    parts.push(
      `headers ${Object.entries(rule.headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ')}`,
    );
  if (rule.probability !== null) parts.push(`with probability ${rule.probability}`);
  return parts.join('; ') || 'nothing';
}

export function describeMatch(rule: FaultRule): string {
  if (rule.smtp !== null) {
    const who = [
      rule.sender === null ? null : `from ${rule.sender}`,
      rule.recipient === null ? null : `to ${rule.recipient}`,
    ];
    return [`SMTP ${rule.smtp}`, ...who].filter((part) => part !== null).join(' ');
  }
  return [
    rule.method ?? 'any method',
    rule.route ?? 'any route',
    rule.recipient === null ? null : `to ${rule.recipient}`,
  ]
    .filter((part) => part !== null)
    .join(' ');
}
