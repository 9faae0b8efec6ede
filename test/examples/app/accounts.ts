/**
 * The "application under test" of the example suite: a tiny account service that mails through the Mailcoach
 * API with plain fetch, as a real app would. It knows nothing of the emulator: the tests point it at
 * `emulator.apiUrl` with `emulator.token`, exactly as production config would point it at Mailcoach.
 *
 * Its error handling is what the fault-injection examples exercise: it retries rate limits, server errors and
 * dropped connections a few times, gives up with "unavailable", and reports a suppressed address (406) as such.
 */
import { randomBytes, randomInt } from 'node:crypto';

export interface MailerConfig {
  /** Mailcoach's API base URL, e.g. https://acme.mailcoach.app/api. */
  apiUrl: string;
  token: string;
  from?: string;
  /** Attempts per mail (default 3). */
  attempts?: number;
  /** The longest the app waits between attempts, whatever Retry-After says (default 1000 ms). */
  maxRetryDelayMs?: number;
  /**
   * Per-request timeout (default 30 s, generous: under a full parallel test run on a throttled 2-core machine the
   * first send of a fresh emulator, which loads and compiles MJML, has taken over 5 s, and a send that times out
   * is sent again, so a test would see its mail twice).
   */
  timeoutMs?: number;
}

export type MailResult =
  | { status: 'sent'; uuid: string | null; attempts: number }
  | { status: 'suppressed'; attempts: number }
  | { status: 'unavailable'; attempts: number; reason: string };

export function createMailer(config: MailerConfig) {
  const attempts = config.attempts ?? 3;
  const maxDelay = config.maxRetryDelayMs ?? 1000;

  async function send(body: Record<string, unknown>): Promise<MailResult> {
    let reason = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/transactional-mails/send`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.token}`,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ from: config.from ?? 'Acme <noreply@acme.example>', ...body }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
        });
      } catch (error) {
        reason = `network: ${(error as Error).name}`;
        await sleep(Math.min(50, maxDelay));
        continue;
      }
      if (response.ok) {
        const json = response.status === 204 ? null : ((await response.json()) as { uuid?: string });
        return { status: 'sent', uuid: json?.uuid ?? null, attempts: attempt };
      }
      const text = await response.text();
      if (response.status === 406) return { status: 'suppressed', attempts: attempt };
      reason = `${response.status}: ${text.slice(0, 100)}`;
      if (response.status !== 429 && response.status < 500) break;
      const retryAfter = Number(response.headers.get('retry-after') ?? '0') * 1000;
      await sleep(Math.min(retryAfter || 50, maxDelay));
    }
    return { status: 'unavailable', attempts, reason };
  }

  return { send };
}

export interface Account {
  email: string;
  firstName: string;
  confirmed: boolean;
  /** Set when the welcome mail could not be sent: a job would retry it later. */
  welcomeMail: MailResult['status'];
}

export function createAccounts(mailer: ReturnType<typeof createMailer>, appUrl = 'https://acme.example') {
  const accounts = new Map<string, Account>();
  const confirmTokens = new Map<string, string>();
  const resetCodes = new Map<string, string>();

  return {
    async signUp(email: string, firstName: string): Promise<Account> {
      const token = randomBytes(16).toString('hex');
      confirmTokens.set(token, email);
      const result = await mailer.send({
        mail_name: 'welcome',
        to: email,
        replacements: { app_name: 'Acme', first_name: firstName, confirm_url: `${appUrl}/confirm?token=${token}` },
      });
      const account: Account = { email, firstName, confirmed: false, welcomeMail: result.status };
      accounts.set(email, account);
      return account;
    },

    confirm(token: string): boolean {
      const email = confirmTokens.get(token);
      const account = email === undefined ? undefined : accounts.get(email);
      if (account === undefined) return false;
      account.confirmed = true;
      confirmTokens.delete(token);
      return true;
    },

    /** What the "forgot password" form shows the user. */
    async requestPasswordReset(email: string): Promise<string> {
      const code = String(randomInt(100000, 1000000));
      resetCodes.set(email, code);
      const result = await mailer.send({
        mail_name: 'password-reset',
        to: email,
        store: false,
        replacements: {
          app_name: 'Acme',
          first_name: accounts.get(email)?.firstName ?? 'there',
          reset_code: code,
          reset_url: `${appUrl}/reset?email=${encodeURIComponent(email)}`,
          ip_address: '203.0.113.7',
          requested_at: 'just now',
        },
      });
      if (result.status === 'suppressed') return 'We cannot send mail to this address. Contact support.';
      if (result.status === 'unavailable') return 'Sending mail is not possible right now. Try again in a few minutes.';
      return 'Check your inbox for a code.';
    },

    resetPassword(email: string, code: string): boolean {
      if (resetCodes.get(email) !== code) return false;
      resetCodes.delete(email);
      return true;
    },

    get: (email: string) => accounts.get(email),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
