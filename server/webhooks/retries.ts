/**
 * When a failed call is tried again (docs/spec/mailcoach-webhooks.md#24-retries-ws-callwebhookjobhandle-exponentialbackoffstrategy; decisions.md "Webhooks"): Mailcoach's 5 tries,
 * 10^n s after failed attempt n, on the emulator's clock; `fast`, the same five tries within a few seconds;
 * `off`, one try.
 */
export const WEBHOOK_RETRY_MODES = ['mailcoach', 'fast', 'off'] as const;
export type WebhookRetries = (typeof WEBHOOK_RETRY_MODES)[number];

const DELAYS_MS: Record<WebhookRetries, readonly number[]> = {
  mailcoach: [10_000, 100_000, 1_000_000, 10_000_000],
  fast: [250, 500, 1_000, 2_000],
  off: [],
};

/** The wait after failed attempt `attempt` (1-based), or null when it was the last. */
export function retryDelayMs(mode: WebhookRetries, attempt: number): number | null {
  return DELAYS_MS[mode][attempt - 1] ?? null;
}

export function isWebhookRetries(value: string): value is WebhookRetries {
  return (WEBHOOK_RETRY_MODES as readonly string[]).includes(value);
}
