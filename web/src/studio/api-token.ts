import type { EmulatorSettings } from '../../../server/testing/client.js';
import { useClient, useSettings } from '../api.js';

/**
 * The token a send from the studio (a test send, a copied snippet) gives the Mailcoach API, which always wants one:
 * the tab's own, or else (loopback) an accepted one it borrows. With --isolate that borrowed token's workspace is not
 * the one on screen (`elsewhere`): the mail is waited for (and found) there.
 */
export function useApiToken(): { token: string; elsewhere: boolean } {
  const client = useClient();
  const settings = useSettings();
  return {
    token: client.token ?? apiTokenOf(settings.data),
    elsewhere: client.token === null && settings.data?.isolate === true,
  };
}

/** A token the Mailcoach API accepts, for a tab that has none (loopback): the first configured one. */
function apiTokenOf(settings: EmulatorSettings | undefined): string {
  return settings?.tokens[0] ?? 'mailcoach-emulator-token';
}
