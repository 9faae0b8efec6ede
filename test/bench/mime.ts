/**
 * Microbenchmark of buildMessage() (server/mail/compose.ts), the CPU every accepted send spends building the
 * captured RFC 5322 message: µs per message for the three shapes the send throughput target depends on.
 *
 *   npx tsx test/bench/mime.ts            # the current buildMessage
 *   BENCH_MIME_COMPOSER=1 npx tsx ...     # nodemailer's MailComposer path, for comparison
 *
 * In-process and single-threaded: each shape is warmed up, then timed over rounds of a few thousand calls.
 */
import { readFileSync } from 'node:fs';
import { buildMessage } from '../../server/mail/mime/build-message.js';
import type { OutgoingMail } from '../../server/mail/mime/outgoing-mail.js';
import { buildWithMailComposer } from '../../server/mail/mime/composer-fallback.js';
import { renderBody } from '../../server/mail/render/body.js';

const ITERATIONS = Number(process.env.BENCH_MIME_ITERATIONS ?? 3000);
const ROUNDS = 5;
const build = process.env.BENCH_MIME_COMPOSER === '1' ? buildWithMailComposer : buildMessage;

const SEND_UUID = '9f0c2a8e-4b1d-4c3a-9e57-0d8f6b2a1c34';

/** What send-transactional.ts builds for an inline send with `store` on. */
function inlineMail(html: string, text: string | null): OutgoingMail {
  return {
    from: { name: 'Acme Support', email: 'support@acme.example' },
    to: [{ name: 'Jane Doe', email: 'jane.doe@example.com' }],
    cc: [],
    bcc: [],
    replyTo: [],
    subject: 'Your order #10023 has shipped',
    html,
    text,
    attachments: [],
    messageId: '3f2b9c1d8e7a4b6c9d0e1f2a3b4c5d6e@acme.example',
    date: new Date(Date.UTC(2025, 0, 6, 9, 30, 0)),
    headers: {
      'mailcoach-send-uuid': SEND_UUID,
      'X-SMTPAPI': { prepared: true, value: JSON.stringify({ unique_args: { send_uuid: SEND_UUID } }) },
      'X-PM-Metadata-send-uuid': SEND_UUID,
    },
  };
}

const smallHtml =
  '<html><body><h1>Your order has shipped</h1><p>Hi Jane,</p><p>Good news: order <strong>#10023</strong> left our ' +
  'warehouse today and is on its way to you. You can follow the parcel with the tracking link below; it usually ' +
  'takes two to three working days to arrive.</p><p><a href="https://acme.example/orders/10023/track">Track your ' +
  'parcel</a></p><p>Thanks for shopping with us,<br>The Acme team</p><p style="color:#888;font-size:12px">You ' +
  'receive this mail because you placed an order at acme.example.</p></body></html>';
const smallText =
  'Your order has shipped\n\nHi Jane,\n\nGood news: order #10023 left our warehouse today and is on its way to ' +
  'you.\n\nTrack your parcel: https://acme.example/orders/10023/track\n\nThanks for shopping with us,\nThe Acme team';

async function mjmlHtml(): Promise<string> {
  const source = readFileSync(new URL('../../fixtures/templates/welcome.mjml', import.meta.url), 'utf8');
  const html = await renderBody(source, 'mjml');
  // The fixture renders to about 7 KB; repeat the start of its body up to the ~10 KB of a typical MJML mail.
  const body = html.slice(html.indexOf('<body'), html.indexOf('</body>'));
  return html.replace('</body>', `${body.slice(0, Math.max(0, 10_240 - html.length))}</body>`);
}

function attachmentMail(): OutgoingMail {
  const content = Buffer.alloc(100 * 1024);
  for (let i = 0; i < content.length; i++) content[i] = (i * 2654435761) >>> 24;
  return {
    ...inlineMail(smallHtml, smallText),
    attachments: [{ filename: 'invoice-10023.pdf', content, contentType: 'application/pdf', contentId: null }],
  };
}

/**
 * CPU time (process.cpuUsage, so that other processes on a shared machine count less than with wall time) per
 * message: the best of ROUNDS rounds, after a warm-up round.
 */
async function time(label: string, mail: OutgoingMail): Promise<void> {
  const iterations = Math.max(50, Math.round(ITERATIONS / (1 + mail.attachments.length * 4)));
  let bytes = 0;
  for (let i = 0; i < iterations; i++) bytes = (await build(mail)).length;
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < iterations; i++) await build(mail);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / iterations);
  }
  console.log(
    `${label.padEnd(34)} ${best.toFixed(1).padStart(8)} µs CPU/message  (${bytes} bytes, ${ROUNDS} x ${iterations} runs)`,
  );
}

const mjml = await mjmlHtml();
console.log(`buildMessage via ${build === buildMessage ? 'compose.ts' : 'MailComposer'}`);
await time('small inline html+text', inlineMail(smallHtml, smallText));
await time(`MJML html (${(mjml.length / 1024).toFixed(1)} KB) + text`, inlineMail(mjml, smallText));
await time('html+text + 100 KB attachment', attachmentMail());
