import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { describe, expect, it } from 'vitest';
import { capturedMessages, parseMessage } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';

/**
 * The Mailcoach mailer transport (Symfony/Laravel) only posts to https://{host}/api/transactional-mails/send
 * (docs/spec/real-clients.md#21-transport), so the emulator also listens on HTTPS, with a self-signed certificate kept beside the db.
 */
const emulator = useEmulator({ args: ['--https-port', '0'] });

function httpsTarget() {
  const output = emulator().output();
  const match = /HTTPS: +(https:\/\/\S+) \(certificate: ([^)]+)\)/.exec(output);
  if (!match?.[1] || !match[2]) throw new Error(`no HTTPS line in:\n${output}`);
  return { url: new URL(match[1]), ca: readFileSync(match[2]) };
}

function post(path: string, body: string): Promise<{ status: number; text: string }> {
  const { url, ca } = httpsTarget();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        ca,
        servername: 'localhost',
        // The transport's headers, in its order (docs/spec/real-clients.md#21-transport).
        headers: {
          host: `localhost:${url.port}`,
          accept: 'application/json',
          authorization: `Bearer ${emulator().token}`,
          'content-type': 'application/json',
          'user-agent': 'Symfony HttpClient/Curl',
          'accept-encoding': 'gzip',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (incoming) => {
        let text = '';
        incoming.on('data', (chunk) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('HTTPS listener', () => {
  it('serves the API over TLS with a certificate valid for localhost, verified against the printed file', async () => {
    const body =
      '{"from":"\\u0022Acme Shop\\u0022 \\u003Cacceptance@example.com\\u003E","to":"\\u0022Joe\\u0022 \\u003Cjoe@example.com\\u003E",' +
      '"cc":"","bcc":"","reply_to":"","subject":"Over TLS","text":"Hello over TLS","html":null,"attachments":[],"fake":"1"}';
    const res = await post('/api/transactional-mails/send', body);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^\{"uuid":"[0-9a-f-]{36}"\}$/);
    const captured = capturedMessages(emulator().dbPath).at(-1);
    expect(captured?.subject).toBe('Over TLS');
    const parsed = await parseMessage(captured!.raw);
    expect(parsed.from?.value).toEqual([{ name: 'Acme Shop', address: 'acceptance@example.com' }]);
    expect(parsed.text?.trim()).toBe('Hello over TLS');
  });

  it("dates the certificate by the real time, not the emulator's clock (clients check it against theirs)", () => {
    // The emulator runs on a `stepping:2025-03-01` clock here; a certificate dated by it expired for real clients in 2027.
    const certificate = new X509Certificate(httpsTarget().ca);
    const now = Date.now();
    expect(Math.abs(Date.parse(certificate.validFrom) - now)).toBeLessThan(2 * 86_400_000);
    expect(Date.parse(certificate.validTo)).toBeGreaterThan(now + 800 * 86_400_000);
  });

  it('builds pagination links with the https scheme the client used', async () => {
    const { url, ca } = httpsTarget();
    const text = await new Promise<string>((resolve, reject) => {
      request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/sends',
          ca,
          servername: 'localhost',
          headers: {
            host: `localhost:${url.port}`,
            accept: 'application/json',
            authorization: `Bearer ${emulator().token}`,
          },
        },
        (incoming) => {
          let data = '';
          incoming.on('data', (chunk) => (data += chunk));
          incoming.on('end', () => resolve(data));
        },
      )
        .on('error', reject)
        .end();
    });
    expect(JSON.parse(text).links.first).toBe(`https://localhost:${url.port}/api/sends?page=1`);
  });
});
