/**
 * The `Signature` header: lower-case hex HMAC-SHA256 of the exact body with the configuration's secret, no prefix
 * (spatie/laravel-webhook-server's DefaultSigner; docs/spec/mailcoach-webhooks.md#22-signature-ws-signerdefaultsignerphp-webhookcallgetallheaders-docs-securing-webhooks-wc). What spatie/laravel-webhook-client's
 * default validator recomputes from the raw body.
 */
import { createHmac } from 'node:crypto';

export function webhookSignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}
