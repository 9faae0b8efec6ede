/**
 * The `Signature` header and the bytes it signs (docs/spec/mailcoach-webhooks.md#22-signature-ws-signerdefaultsignerphp-webhookcallgetallheaders-docs-securing-webhooks-wc): the spec's worked examples, PHP's
 * json_encode escaping, and the check a receiver makes with spatie/laravel-webhook-client's default validator,
 * `hash_equals(hash_hmac('sha256', $request->getContent(), $secret), $request->header('Signature'))`: in PHP when
 * `php` is on PATH, and always the same computation in Node against the spec's PHP-produced examples.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { phpJsonEncode } from '../../server/php-json.js';
import { webhookSignature } from '../../server/webhooks/sign.js';

interface Example {
  event: string;
  section: string;
  bytes: number;
  signature: string;
  body: string;
}
const { secret, examples } = JSON.parse(
  readFileSync(new URL('../support/mailcoach-webhook-examples.json', import.meta.url), 'utf8'),
) as {
  secret: string;
  examples: Example[];
};

/** spatie/laravel-webhook-client's DefaultSignatureValidator, in Node: HMAC of the raw body, compared in constant time. */
function webhookClientAccepts(rawBody: Buffer, signatureHeader: string | undefined, signingSecret: string): boolean {
  if (signatureHeader === undefined || signingSecret === '') return false;
  const computed = Buffer.from(createHmac('sha256', signingSecret).update(rawBody).digest('hex'));
  const given = Buffer.from(signatureHeader);
  return computed.length === given.length && timingSafeEqual(computed, given);
}

// docs/spec/mailcoach-webhooks.md#22-signature-ws-signerdefaultsignerphp-webhookcallgetallheaders-docs-securing-webhooks-wc
describe('the worked examples of the spec (secret s3cr3t)', () => {
  it('{"event":"SubscribedEvent"} → 3387ee9e…', () => {
    expect(webhookSignature('{"event":"SubscribedEvent"}', 's3cr3t')).toBe(
      '3387ee9e76a8efb7be0dcdce700c3df46b01073f435b1ae61d99ca64fd167fb5',
    );
  });

  it('the 234-byte BounceRegisteredEvent → 8ffd420b…', () => {
    const body = examples.find((example) => example.event === 'BounceRegisteredEvent')?.body as string;
    expect(Buffer.byteLength(body)).toBe(234);
    expect(webhookSignature(body, 's3cr3t')).toBe('8ffd420b3d606438417fef0f0ebe3da16091d46c0a1be485ec0d08f8ffeb7425');
  });

  // docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz
  it('the 508-byte SubscribedEvent of the spec → 2665dc3b…', () => {
    const body = examples.find((example) => example.event === 'SubscribedEvent')?.body as string;
    expect(Buffer.byteLength(body)).toBe(508);
    expect(body).toContain('"site":"https:\\/\\/acme.test\\/jane"');
    expect(webhookSignature(body, 's3cr3t')).toBe('2665dc3b5e161baf912f01c050ef44ea875f97dc3e5f1af6b70d629ca6aa3282');
  });

  it.each(
    examples.map((example) => [`${example.event} (${example.section}, ${example.bytes} bytes)`, example] as const),
  )("%s: phpJsonEncode writes the same bytes back, which sign to the spec's value", (_label, example) => {
    expect(Buffer.byteLength(example.body)).toBe(example.bytes);
    expect(phpJsonEncode(JSON.parse(example.body))).toBe(example.body);
    expect(webhookSignature(example.body, secret)).toBe(example.signature);
  });

  it("escaping matters: PHP's \\/ and JSON.stringify's / sign differently", () => {
    const php = webhookSignature(phpJsonEncode({ site: 'https://acme.test/jane' }), 's3cr3t');
    const js = webhookSignature(JSON.stringify({ site: 'https://acme.test/jane' }), 's3cr3t');
    expect(php.startsWith('2f1a9d31') && php.endsWith('50c91f7')).toBe(true);
    expect(js.startsWith('bd0891dc') && js.endsWith('6540f396')).toBe(true);
  });

  it('is 64 lower-case hex characters, no prefix, over the UTF-8 bytes', () => {
    expect(webhookSignature('{}', 'k')).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSignature('"\u00e9"', 'k')).toBe(
      createHmac('sha256', 'k').update(Buffer.from('"é"', 'utf8')).digest('hex'),
    );
  });
});

// docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz
// docs/spec/mailcoach-webhooks.md#22-signature-ws-signerdefaultsignerphp-webhookcallgetallheaders-docs-securing-webhooks-wc
describe("phpJsonEncode on the spec's escaping cases (checked against PHP 8.2)", () => {
  it.each([
    ['/', '"\\/"'],
    ['é', '"\\u00e9"'],
    ['😀', '"\\ud83d\\ude00"'],
    ['\u2028', '"\\u2028"'],
    ['\u007f', '"\u007f"'],
    ["<>&'", `"<>&'"`],
    ['"\\\n\t\u0001', '"\\"\\\\\\n\\t\\u0001"'],
  ])('%j → %s', (value, encoded) => {
    expect(phpJsonEncode(value)).toBe(encoded);
  });

  it('keeps {} and [] apart, writes null, and is compact', () => {
    expect(phpJsonEncode({ extra_attributes: {}, tags: [], last_name: null, n: 1 })).toBe(
      '{"extra_attributes":{},"tags":[],"last_name":null,"n":1}',
    );
  });
});

describe("spatie/laravel-webhook-client's default validator", () => {
  it('accepts every example with its signature, and refuses a wrong secret, a changed byte or a re-encoded body', () => {
    for (const example of examples) {
      const raw = Buffer.from(example.body, 'utf8');
      expect(webhookClientAccepts(raw, example.signature, secret), example.event).toBe(true);
      expect(webhookClientAccepts(raw, example.signature, 'other'), example.event).toBe(false);
      expect(webhookClientAccepts(Buffer.from(example.body.replace('}', ' }')), example.signature, secret)).toBe(false);
      // What a receiver that hashes JSON.stringify(JSON.parse(body)) computes: slashes unescaped, so it fails
      // wherever the body has one (docs/spec/mailcoach-webhooks.md#22-signature-ws-signerdefaultsignerphp-webhookcallgetallheaders-docs-securing-webhooks-wc: hash the raw body).
      if (example.body.includes('\\/'))
        expect(
          webhookClientAccepts(Buffer.from(JSON.stringify(JSON.parse(example.body))), example.signature, secret),
        ).toBe(false);
    }
    expect(webhookClientAccepts(Buffer.from('{}'), undefined, secret)).toBe(false);
  });

  const php = spawnSync('php', ['-v']).status === 0;
  it.skipIf(!php)(
    'in PHP itself: hash_equals(hash_hmac(...)) accepts our signatures (runs when php is on PATH)',
    () => {
      const script = [
        '$examples = json_decode(file_get_contents("php://stdin"), true);',
        'foreach ($examples as $e) { echo hash_equals(hash_hmac("sha256", $e["body"], $e["secret"]), $e["signature"]) ? "1" : "0"; }',
      ].join('\n');
      const ours = examples.map((example) => ({
        body: example.body,
        secret: 'k3y',
        signature: webhookSignature(example.body, 'k3y'),
      }));
      expect(execFileSync('php', ['-r', script], { input: JSON.stringify(ours) }).toString()).toBe(
        '1'.repeat(ours.length),
      );
    },
  );
});
