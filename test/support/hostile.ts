/**
 * Hostile input, as an attacker or a buggy client sends it: every route and field of the emulator, filled with
 * big, odd and deeply nested values. The hostile-input test samples it with fast-check and the bench
 * (test/bench/hostile.ts) walks all of it; both also replay the fixed cases that once froze the server.
 */
import fc from 'fast-check';

/** What a case sends: path and query as written, the body already encoded. */
export interface HostileRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Value shapes, each repeated to about the wanted length in UTF-16 units (never cutting a surrogate pair). */
const SHAPES: Record<string, string> = {
  words: 'aé中😀 ',
  twig: '{{ a }}',
  twigBlock: '{% if a %}{{ a|upper }}{% endif %}',
  rtl: '\u05d0\u05d1\u202b\u0627 ',
  lt: '<',
  gt: '>',
  angle: '<a@b.co>',
  quote: '"',
  escapedQuote: '\\"',
  paren: '(',
  comma: ',',
  addresses: 'a@b.co,',
  namedAddresses: '"N, A" <a@b.co>,',
  at: '@',
  dots: 'a.',
  spaces: ' \t',
  newlines: '\r\n',
  nul: '\u0000',
  colons: '::a::',
  percent: '%',
  underscore: '_',
  brackets: '[',
  tags: '<div>',
  mjml: '<mj-text>',
  markdown: '*_[`',
  base64: 'QUJD',
  mixed: 'x\u0301\uFEFF\u200B\u00A0\u2028\uD83D\uDE00<>"(),;:\\@[]',
};

export const SHAPE_NAMES = Object.keys(SHAPES);

export function fill(shape: string, length: number): string {
  const unit = SHAPES[shape] ?? shape;
  return cut(unit.repeat(Math.ceil(length / unit.length)), length);
}

/** The first `length` UTF-16 units, one less when that would split a surrogate pair: a lone surrogate makes the
 * JSON body undecodable (the whole input then reads as empty, PHP's json_decode) and cannot be URL-encoded. */
function cut(value: string, length: number): string {
  const head = value.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** A field's value: the string itself, or wrapped the ways a client can type it wrongly. */
type Wrapping = 'string' | 'array' | 'object' | 'deep' | 'number';
const WRAPPINGS: Wrapping[] = ['string', 'array', 'object', 'deep', 'number'];

function wrap(value: string, wrapping: Wrapping): unknown {
  switch (wrapping) {
    case 'string':
      return value;
    case 'array':
      return [value, value];
    case 'object':
      return { [cut(value, 64)]: value };
    case 'deep': {
      let nested: unknown = value;
      for (let depth = 0; depth < 600; depth++) nested = [nested];
      return nested;
    }
    case 'number':
      return 1e308;
  }
}

type Encoding = 'json' | 'form' | 'multipart';
const ENCODINGS: Encoding[] = ['json', 'form', 'multipart'];

const MULTIPART_BOUNDARY = 'hostile-boundary-7MA4YWxkTrZu0gW';

/** Encodes a body; form and multipart write nested values with PHP's bracket keys. */
function encodeBody(input: Record<string, unknown>, encoding: Encoding): { body: string; contentType: string } {
  if (encoding === 'json') return { body: JSON.stringify(input), contentType: 'application/json' };
  const pairs = bracketPairs(input, '');
  if (encoding === 'form') {
    const body = pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
    return { body, contentType: 'application/x-www-form-urlencoded' };
  }
  const parts = pairs.map(
    ([key, value]) =>
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${key.replaceAll('"', '%22')}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
  };
}

function bracketPairs(value: unknown, prefix: string): Array<[string, string]> {
  if (value === null || typeof value !== 'object') return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) =>
    bracketPairs(child, prefix === '' ? key : `${prefix}[${key}]`),
  );
}

/** The request's other fields, valid, so that the hostile one is what the server must cope with. */
export const HTML_WITH_CONSTRUCTOR = '<pre>Blue mug</pre><constructor>Thanks</constructor>';
const VALID_SEND = { from: 'app@example.com', to: 'jane@example.com', subject: 'Hi', text: 'Hello' };
const TEMPLATE_SEND = { mail_name: 'welcome', from: 'app@example.com', to: 'jane@example.com' };

interface BodyTarget {
  kind: 'body';
  method: string;
  path: string;
  /** The valid input the field is set into (a copy is taken). */
  base: Record<string, unknown>;
  /** Dotted path of the field, e.g. `attachments.0.content`. */
  field: string;
}

interface QueryTarget {
  kind: 'query' | 'path';
  method: string;
  /** With `{}` where the value goes. */
  path: string;
}

export type Target = BodyTarget | QueryTarget;

const sendField = (field: string, base: Record<string, unknown> = VALID_SEND): BodyTarget => ({
  kind: 'body',
  method: 'POST',
  path: '/api/transactional-mails/send',
  base,
  field,
});
const bodyField = (method: string, path: string, field: string, base: Record<string, unknown> = {}): BodyTarget => ({
  kind: 'body',
  method,
  path,
  base,
  field,
});
const query = (method: string, path: string): QueryTarget => ({ kind: 'query', method, path });
const pathValue = (method: string, path: string): QueryTarget => ({ kind: 'path', method, path });

/** The bundled fixtures' Newsletter list and Welcome series automation (fixtures/audience.json). */
const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
const WELCOME_AUTOMATION = '5a1c9e3b-7d24-4f8a-9b61-2e0d4c7f8a13';

/** Every route and field a client can fill. */
export const TARGETS: Target[] = [
  ...['from', 'to', 'cc', 'bcc', 'reply_to', 'subject', 'html', 'text', 'mail_name', 'mailer', 'store', 'fake'].map(
    (f) => sendField(f),
  ),
  sendField('replacements'),
  sendField('replacements.first_name', TEMPLATE_SEND),
  sendField('replacements.app_name', { ...TEMPLATE_SEND, mail_name: 'password-reset' }),
  sendField('replacements.order_number', { ...TEMPLATE_SEND, mail_name: 'order-confirmation' }),
  sendField('cc', TEMPLATE_SEND),
  sendField('attachments'),
  ...['name', 'content', 'content_type', 'content_id'].map((key) =>
    sendField(`attachments.0.${key}`, {
      ...VALID_SEND,
      attachments: [{ name: 'a.txt', content: 'QUJD', content_type: 'text/plain' }],
    }),
  ),
  bodyField('POST', '/api/suppressions', 'email'),
  bodyField('POST', '/api/suppressions', 'reason', { email: 'new@example.com' }),
  query('GET', '/api/suppressions?filter[search]={}'),
  query('GET', '/api/suppressions?filter[reason]={}'),
  query('GET', '/api/suppressions?sort={}'),
  query('GET', '/api/suppressions?page={}'),
  pathValue('GET', '/api/suppressions/{}'),
  pathValue('DELETE', '/api/suppressions/{}'),
  query('GET', '/api/sends?filter[campaign_uuid]={}'),
  query('GET', '/api/sends?filter[transactional_mail_log_item_uuid]={}'),
  query('GET', '/api/sends?sort={}'),
  pathValue('GET', '/api/sends/{}'),
  pathValue('DELETE', '/api/sends/{}'),
  query('GET', '/api/transactional-mails/templates?filter[name]={}'),
  query('GET', '/api/transactional-mails/templates?filter[search]={}'),
  query('GET', '/api/transactional-mails/templates?filter[uuid]={}'),
  pathValue('GET', '/api/transactional-mails/templates/{}'),
  query('GET', '/api/transactional-mails?filter[search]={}'),
  query('GET', '/api/transactional-mails?filter[transport_message_id]={}'),
  query('GET', '/api/transactional-mails?sort={}'),
  pathValue('GET', '/api/transactional-mails/{}'),
  pathValue('POST', '/api/transactional-mails/{}/resend'),
  query('GET', '/_emulator/messages?query={}'),
  query('GET', '/_emulator/messages?page={}&per_page={}'),
  query('DELETE', '/_emulator/messages?query={}'),
  pathValue('GET', '/_emulator/messages/{}'),
  pathValue('GET', '/_emulator/messages/{}/raw'),
  pathValue('GET', '/_emulator/messages/{}/attachments/{}'),
  pathValue('PATCH', '/_emulator/messages/{}'),
  bodyField('PATCH', '/_emulator/messages/00000000-0000-4000-8000-000000000000', 'read'),
  query('GET', '/_emulator/wait-for?timeout_ms=0&query={}'),
  query('GET', '/_emulator/wait-for?timeout_ms={}'),
  // Rules that can never fire on the cases' own requests (an unknown route or recipient): the hostile value is
  // in the rule, not in what it does.
  bodyField('POST', '/_emulator/faults', 'route', { status: 500, recipient: 'nobody@never.test' }),
  bodyField('POST', '/_emulator/faults', 'recipient', { status: 500, route: '/never' }),
  bodyField('POST', '/_emulator/faults', 'body', { status: 500, route: '/never' }),
  bodyField('POST', '/_emulator/faults', 'headers', { status: 500, route: '/never' }),
  bodyField('POST', '/_emulator/faults', 'method', { status: 500, route: '/never' }),
  pathValue('DELETE', '/_emulator/faults/{}'),
  bodyField('POST', '/_emulator/clock', 'freeze_at'),
  bodyField('POST', '/_emulator/clock', 'advance_ms'),
  bodyField('POST', '/_emulator/seed', 'suppressions', {}),
  bodyField('POST', '/_emulator/seed', 'templates.0.body', {
    templates: [{ name: 'x', type: 'html', subject: 's', body: 'b' }],
  }),
  bodyField('POST', '/_emulator/seed', 'templates.0.name', {
    templates: [{ name: 'x', type: 'html', subject: 's', body: 'b' }],
  }),
  bodyField('POST', '/_emulator/templates/order-confirmation/render', 'replacements.first_name', { replacements: {} }),
  bodyField('POST', '/_emulator/templates/welcome/render', 'template.body', { template: {} }),
  bodyField('POST', '/_emulator/templates/order-confirmation/render', 'template.body', { template: {} }),
  bodyField('POST', '/_emulator/templates/order-confirmation/render', 'template.subject', { template: {} }),
  bodyField('POST', '/_emulator/templates', 'name', { type: 'html' }),
  pathValue('GET', '/_emulator/templates/{}'),
  pathValue('POST', '/_emulator/templates/{}/render'),
  // The audience and campaigns API, on the bundled fixtures' Newsletter list and automation.
  bodyField('POST', '/api/email-lists', 'name', { default_from_email: 'lists@example.com' }),
  bodyField('POST', '/api/email-lists', 'default_reply_to_email', {
    name: 'Fuzz',
    default_from_email: 'lists@example.com',
  }),
  bodyField('POST', `/api/email-lists/${NEWSLETTER}/subscribers`, 'email'),
  bodyField('POST', `/api/email-lists/${NEWSLETTER}/subscribers`, 'tags', { email: 'fuzz@example.com' }),
  bodyField('POST', `/api/email-lists/${NEWSLETTER}/subscribers`, 'extra_attributes', { email: 'fuzz@example.com' }),
  query('GET', `/api/email-lists/${NEWSLETTER}/subscribers?filter[search]={}`),
  query('GET', `/api/email-lists/${NEWSLETTER}/subscribers?filter[tags]={}`),
  pathValue('GET', '/api/subscribers/{}'),
  bodyField('POST', `/api/email-lists/${NEWSLETTER}/segments`, 'positive_tags', { name: 'Fuzz' }),
  bodyField('POST', '/api/templates', 'html', { name: 'Fuzz' }),
  bodyField('POST', '/api/campaigns', 'html', { name: 'Fuzz', email_list_uuid: NEWSLETTER }),
  bodyField('POST', '/api/campaigns', 'schedule_at', { name: 'Fuzz', email_list_uuid: NEWSLETTER }),
  bodyField('POST', `/api/automations/${WELCOME_AUTOMATION}/trigger`, 'subscribers'),
  bodyField('POST', '/_emulator/simulate/open', 'send_uuid'),
  bodyField('POST', '/_emulator/simulate/bounce', 'email'),
];

/** Node answers a request line and headers over 16 kB itself (431); query and path values stay under that, encoded. */
const MAX_URL_VALUE = 8_000;

export interface HostileCase {
  target: Target;
  shape: string;
  length: number;
  wrapping: Wrapping;
  encoding: Encoding;
}

/** The seed of the suite's fuzz and the bench's: a failure replays with it. */
export const HOSTILE_SEED = 11;

/** Sizes from empty to a megabyte; the large ones rarer, so that a run stays short. */
const lengthArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, 1, 64, 1_000) },
  { weight: 2, arbitrary: fc.constant(65_536) },
  { weight: 1, arbitrary: fc.constant(1_000_000) },
);

/** The seeded fuzz: the hostile-input test's cases, and the bench's fuzz phase. */
export const hostileCases: fc.Arbitrary<HostileCase> = fc.record({
  target: fc.constantFrom(...TARGETS),
  shape: fc.constantFrom(...SHAPE_NAMES),
  length: lengthArb,
  wrapping: fc.constantFrom(...WRAPPINGS),
  encoding: fc.constantFrom(...ENCODINGS),
});

function describeCase(c: HostileCase): string {
  const where = c.target.kind === 'body' ? `${c.target.path} ${c.target.field}` : c.target.path;
  return `${c.target.method} ${where} = ${c.shape} x ${c.length} (${c.wrapping}, ${c.encoding})`;
}

export function buildRequest(c: HostileCase, token: string): HostileRequest {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
  const label = describeCase(c);
  const { target } = c;
  if (target.kind !== 'body') {
    // Cut so that the encoded value (up to 12 bytes a character) stays under the limit.
    const limit = Math.floor(MAX_URL_VALUE / (target.path.split('{}').length - 1));
    let raw = fill(c.shape, Math.min(c.length, limit));
    while (encodeURIComponent(raw).length > limit) raw = fill(c.shape, Math.floor(raw.length / 2));
    const path = target.path.replaceAll('{}', encodeURIComponent(raw));
    return { label, method: target.method, path, headers };
  }
  const input = structuredClone(target.base);
  setField(input, target.field, wrap(fill(c.shape, c.length), c.wrapping));
  const { body, contentType } = encodeBody(input, c.encoding);
  return {
    label,
    method: target.method,
    path: target.path,
    headers: { ...headers, 'content-type': contentType },
    body,
  };
}

function setField(input: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let container: Record<string, unknown> = input;
  for (const key of keys.slice(0, -1)) {
    const next = container[key];
    if (next === null || typeof next !== 'object') container[key] = {};
    container = container[key] as Record<string, unknown>;
  }
  container[keys.at(-1) as string] = value;
}

/** The requests that froze or crashed the server before, each replayed as it was sent. */
export function regressionRequests(token: string): HostileRequest[] {
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const send = (label: string, input: Record<string, unknown>, encoding: Encoding): HostileRequest => {
    const { body, contentType } = encodeBody(input, encoding);
    return {
      label,
      method: 'POST',
      path: '/api/transactional-mails/send',
      headers: { ...headers, 'content-type': contentType },
      body,
    };
  };
  const manyCc = Array.from({ length: 41_666 }, (_, i) => `r${i}@ex.com`).join(',');
  return [
    send('JSON to = 1 MB of words', { ...VALID_SEND, to: fill('aé中😀 ', 1_000_000) }, 'json'),
    send('JSON bcc = 1 MB of {{ a }}', { ...VALID_SEND, bcc: fill('{{ a }}', 1_000_000) }, 'json'),
    send('JSON from = 500 kB of mixed Unicode', { ...VALID_SEND, from: fill('mixed', 500_000) }, 'json'),
    send('form cc = 233 kB of {{ a }}', { ...VALID_SEND, cc: fill('{{ a }}', 233_000) }, 'form'),
    send('form reply_to = 250 kB of right-to-left text', { ...VALID_SEND, reply_to: fill('rtl', 250_000) }, 'form'),
    send('JSON 41,666 cc + 2 to', { ...VALID_SEND, to: 'jane@example.com,john@example.com', cc: manyCc }, 'json'),
    // html-to-text, the converter before the port of league/html-to-markdown, looked the tag name up in a plain object and threw: a 500.
    send(
      'JSON html: a <pre> and an element named constructor',
      { from: VALID_SEND.from, to: VALID_SEND.to, subject: 'Hi', html: HTML_WITH_CONSTRUCTOR },
      'json',
    ),
  ];
}

/**
 * The same hostile values over SMTP: each case puts one value into one part of a message sent with a raw
 * SMTP dialog. Envelope values lose their CR and LF (a command is one line; a client cannot send a CRLF inside it);
 * everything else goes as it is, dot-stuffed, UTF-8 or (`latin1`) as bytes that are no valid UTF-8.
 */
const SMTP_FIELDS = [
  'envelope-from',
  'envelope-to',
  'subject',
  'from-name',
  'to-address',
  'header-value',
  'encoded-word',
  'content-type',
  'boundary',
  'filename',
  'text-body',
  'html-body',
  'base64-body',
  'whole-message',
] as const;
type SmtpField = (typeof SMTP_FIELDS)[number];

export interface HostileSmtpCase {
  field: SmtpField;
  shape: string;
  length: number;
  /** The message's line endings: CRLF, or bare LF (the data still ends with CRLF.CRLF). */
  lineEnding: 'crlf' | 'lf';
  /** The value's bytes: UTF-8, or latin1 (invalid UTF-8 wherever the value has a character past U+007F). */
  charset: 'utf8' | 'latin1';
}

export const hostileSmtpCases: fc.Arbitrary<HostileSmtpCase> = fc.record({
  field: fc.constantFrom(...SMTP_FIELDS),
  shape: fc.constantFrom(...SHAPE_NAMES),
  length: lengthArb,
  lineEnding: fc.constantFrom('crlf' as const, 'lf' as const),
  charset: fc.constantFrom('utf8' as const, 'latin1' as const),
});

export function describeSmtpCase(c: HostileSmtpCase): string {
  return `SMTP ${c.field} = ${c.shape} x ${c.length} (${c.lineEnding}, ${c.charset})`;
}

export interface HostileSmtpMessage {
  mailFrom: string;
  rcptTo: string;
  /** The DATA as the server should store it (before dot-stuffing). */
  data: Buffer;
  /** The DATA as written, dot-stuffed, with its CRLF.CRLF end. */
  wire: Buffer;
}

export function buildSmtpMessage(c: HostileSmtpCase): HostileSmtpMessage {
  const value = fill(c.shape, c.length);
  const oneLine = value.replace(/[\r\n]/g, ' ');
  const at = (field: SmtpField, fallback: string) => (c.field === field ? value : fallback);
  const lines = [
    `From: "${at('from-name', 'App')}" <app@example.com>`,
    `To: ${at('to-address', 'jane@example.com')}`,
    `Subject: Hostile smtp ${at('subject', '')}${c.field === 'encoded-word' ? ` =?utf-8?B?${value}?= =?utf-8?Q?${value}?=` : ''}`,
    `X-Hostile: ${at('header-value', 'none')}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${at('boundary', 'b1')}"`,
    '',
    `--${at('boundary', 'b1')}`,
    `Content-Type: ${at('content-type', 'text/plain; charset=utf-8')}`,
    '',
    at('text-body', 'plain body'),
    `--${at('boundary', 'b1')}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    at('html-body', '<p>html body</p>'),
    `--${at('boundary', 'b1')}`,
    `Content-Type: application/octet-stream; name="${at('filename', 'a.bin')}"`,
    `Content-Disposition: attachment; filename="${at('filename', 'a.bin')}"`,
    'Content-Transfer-Encoding: base64',
    '',
    at('base64-body', 'QUJD'),
    `--${at('boundary', 'b1')}--`,
  ];
  const text = `${c.field === 'whole-message' ? value : lines.join(c.lineEnding === 'crlf' ? '\r\n' : '\n')}\r\n`;
  const data = Buffer.from(text, c.charset);
  // Dot-stuffing: a line that starts with '.' after CRLF (or at the start) gets a second one; smtp-server takes it
  // off again. The data always ends with CRLF, so CRLF.CRLF ends it.
  const wire = Buffer.from(`${data.toString('latin1').replace(/(^|\r\n)\./g, '$1..')}.\r\n`, 'latin1');
  return {
    mailFrom: c.field === 'envelope-from' ? oneLine : 'app@example.com',
    rcptTo: c.field === 'envelope-to' ? oneLine : 'jane@example.com',
    data,
    wire,
  };
}
