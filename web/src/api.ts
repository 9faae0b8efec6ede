/**
 * The one way the UI reaches the server: the typed client test suites use (server/testing/client.ts), for the
 * token this tab works with, and the query keys its data is cached under. No other file fetches (test/lint.sh).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { createClient, type EmulatorClient } from '../../server/testing/client.js';

const TOKEN_KEY = 'mailcoach-emulator.token';

/** The token this tab works with: chosen in the header (a workspace, with --isolate) or asked for beyond loopback. */
export function storedToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string | null): void {
  if (token === null || token === '') sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}

export function clientFor(token: string | null): EmulatorClient {
  return createClient({ url: window.location.origin, token });
}

export const ClientContext = createContext<EmulatorClient | null>(null);

export function useClient(): EmulatorClient {
  const client = useContext(ClientContext);
  if (client === null) throw new Error('useClient() outside <ClientContext>');
  return client;
}

/** Query keys: everything of a workspace starts with its token, so that switching workspaces never mixes data. */
export const keys = {
  settings: ['settings'] as const,
  messages: (token: string | null) => ['messages', token] as const,
  page: (token: string | null, query: string, page: number) => ['messages', token, 'list', query, page] as const,
  message: (token: string | null, uuid: string) => ['messages', token, 'one', uuid] as const,
  /** How many are unread (the tab's title): refetched by captures, deletes and read changes (live.tsx). */
  unread: (token: string | null) => ['messages', token, 'unread'] as const,
  raw: (token: string | null, uuid: string) => ['messages', token, 'raw', uuid] as const,
  /** Captured mails rendered from a template (the studio's list): under `messages`, so captures refetch it. */
  sentWith: (token: string | null, name: string) => ['messages', token, 'template', name] as const,
  templates: (token: string | null) => ['templates', token] as const,
  templateList: (token: string | null) => ['templates', token, 'list'] as const,
  template: (token: string | null, name: string) => ['templates', token, 'one', name] as const,
  render: (token: string | null, name: string, request: unknown) =>
    ['templates', token, 'render', name, request] as const,
  fixtures: (token: string | null) => ['fixtures', token] as const,
  /** The records pages: each refetched by its own event (live.tsx). */
  suppressions: (token: string | null) => ['suppressions', token] as const,
  sends: (token: string | null) => ['sends', token] as const,
  log: (token: string | null) => ['log', token] as const,
  faults: (token: string | null) => ['faults', token] as const,
  /** The Webhooks page: configurations and calls, each refetched by its own event (live.tsx). */
  webhooks: (token: string | null) => ['webhooks', token] as const,
  webhookCalls: (token: string | null) => ['webhook-calls', token] as const,
  /** The audience: lists, a list, its subscribers, a subscriber; all refetched by `audience.changed` (live.tsx). */
  emailLists: (token: string | null) => ['email-lists', token] as const,
  emailList: (token: string | null, uuid: string) => ['email-lists', token, 'one', uuid] as const,
  subscribers: (token: string | null, uuid: string) => ['email-lists', token, 'subscribers', uuid] as const,
  subscriber: (token: string | null, uuid: string) => ['email-lists', token, 'subscriber', uuid] as const,
  /** The Campaigns pages: refetched by `campaigns.changed`, and by `sends.changed` (a campaign's counts are its sends'). */
  campaigns: (token: string | null) => ['campaigns', token] as const,
  campaign: (token: string | null, uuid: string) => ['campaigns', token, 'one', uuid] as const,
  campaignPreview: (token: string | null, uuid: string, subscriber: string) =>
    ['campaigns', token, 'one', uuid, 'preview', subscriber] as const,
  campaignTemplates: (token: string | null) => ['campaign-templates', token] as const,
  automations: (token: string | null) => ['automations', token] as const,
  clock: ['clock'] as const,
};

/**
 * One query per resource read in more than one place or kept live: its key and its call together, so that the same
 * data is never cached under two keys. (A failed query is not retried: the QueryClient's defaults, main.tsx.)
 */
export const queries = {
  settings: (client: EmulatorClient) =>
    queryOptions({ queryKey: [...keys.settings, client.token], queryFn: () => client.settings() }),
  clock: (client: EmulatorClient) => queryOptions({ queryKey: keys.clock, queryFn: () => client.clock.get() }),
  faults: (client: EmulatorClient) =>
    queryOptions({ queryKey: keys.faults(client.token), queryFn: () => client.faults.list() }),
  fixtures: (client: EmulatorClient) =>
    queryOptions({ queryKey: keys.fixtures(client.token), queryFn: () => client.fixtures() }),
  templateList: (client: EmulatorClient) =>
    queryOptions({ queryKey: keys.templateList(client.token), queryFn: () => client.templates.list() }),
  template: (client: EmulatorClient, name: string) =>
    queryOptions({ queryKey: keys.template(client.token, name), queryFn: () => client.templates.get(name) }),
  webhooks: (client: EmulatorClient) =>
    queryOptions({ queryKey: keys.webhooks(client.token), queryFn: () => client.webhooks() }),
  emailLists: (client: EmulatorClient) =>
    queryOptions({ queryKey: keys.emailLists(client.token), queryFn: () => client.emailLists() }),
  emailList: (client: EmulatorClient, uuid: string) =>
    queryOptions({ queryKey: keys.emailList(client.token, uuid), queryFn: () => client.emailListDetail(uuid) }),
  subscriber: (client: EmulatorClient, uuid: string) =>
    queryOptions({ queryKey: keys.subscriber(client.token, uuid), queryFn: () => client.subscriberDetail(uuid) }),
  campaigns: (client: EmulatorClient) =>
    queryOptions({ queryKey: keys.campaigns(client.token), queryFn: () => client.campaignRecords() }),
  campaign: (client: EmulatorClient, uuid: string) =>
    queryOptions({ queryKey: keys.campaign(client.token, uuid), queryFn: () => client.campaignRecord(uuid) }),
  campaignTemplates: (client: EmulatorClient) =>
    queryOptions({ queryKey: keys.campaignTemplates(client.token), queryFn: () => client.campaignTemplateRecords() }),
  automations: (client: EmulatorClient) =>
    queryOptions({ queryKey: keys.automations(client.token), queryFn: () => client.automationRecords() }),
};

/** The emulator's settings for this tab's token, as App.tsx fetched them (same key: from the cache). */
export function useSettings() {
  return useQuery(queries.settings(useClient()));
}
