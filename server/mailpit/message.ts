/**
 * One message on the Mailpit surface (MP server/apiv1/message.go, thumbnails.go, release.go):
 * - GET /api/v1/message/{ID}: the Message, and the message is read (docs/spec/mailpit-api.md#233-get-apiv1messageid--one-message);
 * - GET …/headers: its header fields by canonical name (docs/spec/mailpit-api.md#234-get-apiv1messageidheaders);
 * - GET …/raw: Mailpit's view of its source, `?dl=1` as a download (docs/spec/mailpit-api.md#235-get-apiv1messageidraw);
 * - GET …/part/{PartID}: a part's decoded bytes (docs/spec/mailpit-api.md#236-get-apiv1messageidpartpartid);
 * - GET …/part/{PartID}/thumb: its 180×120 JPEG (docs/spec/mailpit-api.md#237-get-apiv1messageidpartpartidthumb);
 * - POST …/release: Mailpit's answer with no SMTP relay, after its checks of the addresses
 *   (docs/spec/mailpit-api.md#2312-post-apiv1messageidrelease).
 * Derived from the stored raw bytes on each request (mail/mailpit-view/); nothing is stored.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitBadRequest, mailpitNotFound } from '../errors.js';
import { findPart, partFileName } from '../mail/mailpit-view/envelope.js';
import { mailpitHeaders } from '../mail/mailpit-view/headers-view.js';
import { mailpitMessage } from '../mail/mailpit-view/message-view.js';
import { isAddress } from '../mail/mailpit-view/raw-view.js';
import type { MailpitEnv } from './env.js';
import { toMailpitId } from './ids.js';
import { mailpitJson } from './answers.js';
import { bodyBytes, pathEscape } from './go-http.js';
import { goFieldValues, goKind, readGoJsonBody } from './json-body.js';
import { createMessageLookup } from './message-lookup.js';

export function messageRoutes(deps: AppDeps) {
  const api = new Hono<MailpitEnv>({ strict: true });
  const lookup = createMessageLookup(deps);

  api.get('/api/v1/message/:id', async (c) => {
    const found = await lookup.find(c, c.req.param('id'), 'message-not-found');
    const message = mailpitMessage(toMailpitId(found.row.uuid), found.row, found.view(), lookup.tags(found));
    lookup.markRead(found);
    return mailpitJson(message);
  });

  api.get('/api/v1/message/:id/headers', async (c) => {
    const found = await lookup.find(c, c.req.param('id'), 'message-not-found');
    return mailpitJson(mailpitHeaders(found.view().raw));
  });

  api.get('/api/v1/message/:id/raw', async (c) => {
    const found = await lookup.find(c, c.req.param('id'), 'message-not-found');
    const headers: Record<string, string> = {
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
    };
    if (c.req.query('dl') === '1') {
      headers['content-disposition'] = `attachment; filename="${toMailpitId(found.row.uuid)}.eml"`;
    }
    return new Response(bodyBytes(found.view().raw), { headers });
  });

  api.get('/api/v1/message/:id/part/:partId', async (c) => {
    const found = await lookup.find(c, c.req.param('id'), 'message-not-found');
    const part = findPart(found.view().envelope, c.req.param('partId'));
    if (part === null) throw mailpitNotFound();
    return new Response(bodyBytes(part.content), {
      headers: {
        'content-type': /^[\t\x20-\x7e]+$/.test(part.contentType) ? part.contentType : 'application/octet-stream',
        'content-disposition': `inline; filename="${pathEscape(partFileName(part))}"`,
        // The sender's file, never a page of ours (as the inbox serves attachments, emulator/messages.ts): no
        // sniffing, and whatever could run as a document (HTML, SVG) is sandboxed.
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
      },
    });
  });

  api.get('/api/v1/message/:id/part/:partId/thumb', async (c) => {
    // No `latest` here: Mailpit looks the ID up as it is, and answers its storage's error with a 400.
    const found = await lookup.find(c, c.req.param('id'), null).catch(() => {
      throw mailpitBadRequest('message not found');
    });
    const part = findPart(found.view().envelope, c.req.param('partId'));
    if (part === null) throw mailpitBadRequest('attachment not found');
    const jpeg = await deps.capture.thumbnail({ contentType: part.contentType, content: part.content });
    return new Response(bodyBytes(jpeg), {
      headers: {
        'content-type': 'image/jpeg',
        'content-disposition': `filename="${headerText(partFileName(part))}"`,
      },
    });
  });

  api.post('/api/v1/message/:id/release', async (c) => {
    await lookup.find(c, c.req.param('id'), null);
    const to = releaseRecipients(await readGoJsonBody(c));
    for (const address of to) if (!isAddress(address)) throw mailpitBadRequest(`Invalid email address: ${address}`);
    if (to.length === 0) throw mailpitBadRequest('No valid addresses found');
    // Nothing is ever delivered: Mailpit's answer when no relay is configured.
    throw mailpitBadRequest('SMTP error: no SMTP relay is configured (the emulator delivers no mail)');
  });

  return api;
}

/** A header value as Go writes a string's bytes: its UTF-8 bytes, line breaks left out. */
function headerText(value: string): string {
  return Buffer.from(value.replace(/[\r\n\0]/g, ''), 'utf8').toString('latin1');
}

/** The `To` of release's body, decoded into Mailpit's `struct { To []string }` as Go decodes it. */
function releaseRecipients(body: unknown): string[] {
  if (body === null) return [];
  if (goKind(body) !== 'object') {
    throw mailpitBadRequest(`json: cannot unmarshal ${goKind(body)} into Go value of type struct { To []string }`);
  }
  let to: string[] = [];
  // Each key naming the field is decoded in turn: the last wins, and a null leaves the slice nil.
  for (const value of goFieldValues(body as Record<string, unknown>, 'To')) {
    if (value === null) {
      to = [];
      continue;
    }
    if (!Array.isArray(value)) {
      throw mailpitBadRequest(`json: cannot unmarshal ${goKind(value)} into Go struct field .To of type []string`);
    }
    for (const item of value) {
      if (typeof item !== 'string' && item !== null) {
        throw mailpitBadRequest(`json: cannot unmarshal ${goKind(item)} into Go struct field .To of type string`);
      }
    }
    to = value.map((item: string | null) => item ?? '');
  }
  return to;
}
