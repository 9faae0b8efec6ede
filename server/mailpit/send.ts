/**
 * POST /api/v1/send (docs/spec/mailpit-api.md#2311-post-apiv1send): a message built as Mailpit's enmime builder
 * builds it (mail/mailpit-send/), stored as a message received over SMTP with envelope sender From.Email and
 * recipients To, Cc and Bcc, with the headers Mailpit's SaveToDatabase prepends (stored-headers.ts), so it is
 * captured as any received mail (tags, search, the inbox, wait-for). Its
 * `Username` is the request's Basic user, whether or not credentials are needed. Errors are Mailpit's JSON
 * `{"Error": ...}`: 400, or 413 past the body limit (--max-body-mb; Mailpit's is 50 MiB).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitSendError } from '../errors.js';
import { goJson } from '../go-json.js';
import { buildMailpitMessage } from '../mail/mailpit-send/build-message.js';
import { checkSendRequest } from '../mail/mailpit-send/send-request.js';
import { withMailpitStoredHeaders } from '../mail/mailpit-send/stored-headers.js';
import { receiveSmtpMessage } from '../smtp/intake.js';
import type { MailpitEnv } from './env.js';
import { decodeGoJson, GoJsonError, type GoType } from './go-json-input.js';
import { toMailpitId } from './ids.js';
import { readLimitedBody } from './limited-body.js';

const ADDRESS = { struct: { Email: 'string', Name: 'string' } } satisfies GoType;

/** Mailpit's sendMessageParams.Body. */
const SEND_REQUEST = {
  From: ADDRESS,
  To: { array: ADDRESS },
  Cc: { array: ADDRESS },
  Bcc: { array: 'string' },
  ReplyTo: { array: ADDRESS },
  Subject: 'string',
  Text: 'string',
  HTML: 'string',
  Attachments: {
    array: { struct: { Content: 'string', Filename: 'string', ContentType: 'string', ContentID: 'string' } },
  },
  Tags: { array: 'string' },
  Headers: 'map',
} satisfies Record<string, GoType>;

export function sendRoutes(deps: AppDeps) {
  return new Hono<MailpitEnv>().post('/send', async (c) => {
    const body = await readLimitedBody(c.req.raw, deps.options.maxBodyBytes);
    if (body === null) throw mailpitSendError('http: request body too large', 413);
    let request: ReturnType<typeof decodeGoJson<typeof SEND_REQUEST>>;
    try {
      request = decodeGoJson(body.toString('utf8'), SEND_REQUEST);
    } catch (error) {
      if (error instanceof GoJsonError) throw mailpitSendError(error.message);
      throw error;
    }
    const { message, envelope } = checkSendRequest(request, deps.clock());
    // Mailpit's SHORTUUID@mailpit Message-ID: a fresh 22-character ID.
    const messageId = `${toMailpitId(deps.ids())}@mailpit`;
    const recipients = { from: envelope.from, to: message.to, cc: message.cc, bcc: request.Bcc };
    const raw = withMailpitStoredHeaders(buildMailpitMessage(message, deps.random), recipients, messageId);
    const uuid = await receiveSmtpMessage(deps, raw, envelope, c.get('workspaceId'), c.get('basicUser'));
    return new Response(goJson({ ID: toMailpitId(uuid) }), { headers: { 'content-type': 'application/json' } });
  });
}
