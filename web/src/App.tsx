/**
 * The shell: which token (workspace) this tab works with, the settings that decide it, and the routes: the inbox,
 * and the template studio (`/templates`, `/templates/<name>`), loaded only when opened so that the inbox's first
 * load does not carry it (nor its editor). Beyond loopback the server wants a token for everything: the UI asks for
 * one and keeps it for the tab.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import type { EmulatorApiError } from '../../server/testing/client.js';
import { ClientContext, clientFor, storedToken, storeToken, queries } from './api.js';
import { Header } from './components/Header.js';
import { LiveUpdates } from './live.js';
import { TokenPrompt } from './components/TokenPrompt.js';
import { InboxPage } from './routes/InboxPage.js';
// Its popstate listener must be added before wouter's (the studio's Back/Forward guard): evaluated before any render.
import './studio/history-guard.js';

const TemplatesPage = lazy(() => import('./routes/TemplatesPage.js'));
const StudioPage = lazy(() => import('./routes/StudioPage.js'));
// The records pages and the controls, lazy like the studio.
const SuppressionsPage = lazy(() => import('./routes/SuppressionsPage.js'));
const SendsPage = lazy(() => import('./routes/SendsPage.js'));
const LogPage = lazy(() => import('./routes/LogPage.js'));
const LogItemPage = lazy(() => import('./routes/LogPage.js').then((module) => ({ default: module.LogItemPage })));
const ControlsPage = lazy(() => import('./routes/ControlsPage.js'));
// Webhooks, lazy like the records pages.
const WebhooksPage = lazy(() => import('./routes/WebhooksPage.js'));
// The audience: lists, a list's subscribers, a subscriber; lazy like the records pages.
const ListsPage = lazy(() => import('./routes/ListsPage.js'));
const ListPage = lazy(() => import('./routes/ListPage.js'));
const SubscriberPage = lazy(() => import('./routes/SubscriberPage.js'));
// Campaigns and automations, lazy like the records pages.
const CampaignsPage = lazy(() => import('./routes/CampaignsPage.js'));
const CampaignPage = lazy(() => import('./routes/CampaignPage.js'));
const AutomationsPage = lazy(() => import('./routes/AutomationsPage.js'));
const CampaignTemplatePage = lazy(() => import('./routes/CampaignTemplatePage.js'));

export function App() {
  const [token, setToken] = useState<string | null>(storedToken);
  const client = useMemo(() => clientFor(token), [token]);
  const queryClient = useQueryClient();
  const settings = useQuery(queries.settings(client));

  const chooseToken = (next: string | null) => {
    storeToken(next);
    setToken(next);
    queryClient.removeQueries({ queryKey: ['messages'] });
    queryClient.removeQueries({ queryKey: ['templates'] });
  };

  const refusal = settings.error as EmulatorApiError | null;
  if (refusal?.status === 401 || refusal?.status === 403) {
    const message = (refusal.body as { message?: string } | null)?.message ?? refusal.message;
    return <TokenPrompt rejected={token !== null} message={message} onToken={chooseToken} />;
  }

  return (
    <ClientContext.Provider value={client}>
      <LiveUpdates>
        <div className="app">
          <Header settings={settings.data ?? null} token={token} onToken={chooseToken} />
          <Switch>
            <Route path="/templates">{lazily(<TemplatesPage />)}</Route>
            <Route path="/templates/:name">
              {(params) =>
                lazily(<StudioPage key={params.name} name={decodeName(params.name)} />, 'Loading the studio…')
              }
            </Route>
            <Route path="/suppressions">{lazily(<SuppressionsPage />)}</Route>
            <Route path="/sends">{lazily(<SendsPage />)}</Route>
            <Route path="/log">{lazily(<LogPage />)}</Route>
            <Route path="/log/:uuid">{(params) => lazily(<LogItemPage key={params.uuid} uuid={params.uuid} />)}</Route>
            <Route path="/webhooks">{lazily(<WebhooksPage />)}</Route>
            <Route path="/lists">{lazily(<ListsPage />)}</Route>
            <Route path="/lists/:uuid">{(params) => lazily(<ListPage key={params.uuid} uuid={params.uuid} />)}</Route>
            <Route path="/subscribers/:uuid">
              {(params) => lazily(<SubscriberPage key={params.uuid} uuid={params.uuid} />)}
            </Route>
            <Route path="/campaigns">{lazily(<CampaignsPage />)}</Route>
            <Route path="/campaigns/:uuid">
              {(params) => lazily(<CampaignPage key={params.uuid} uuid={params.uuid} />)}
            </Route>
            <Route path="/automations">{lazily(<AutomationsPage />)}</Route>
            <Route path="/campaign-templates/:uuid">
              {(params) => lazily(<CampaignTemplatePage key={params.uuid} uuid={params.uuid} />)}
            </Route>
            <Route path="/controls">{lazily(<ControlsPage />)}</Route>
            <Route path="/messages/:uuid">
              {(params) => <InboxPage openUuid={params.uuid} settings={settings.data ?? null} />}
            </Route>
            <Route>
              <InboxPage openUuid={null} settings={settings.data ?? null} />
            </Route>
          </Switch>
        </div>
      </LiveUpdates>
    </ClientContext.Provider>
  );
}

/** A page loaded only when opened, and what shows meanwhile. */
function lazily(page: ReactNode, loading = 'Loading…'): ReactNode {
  return <Suspense fallback={<p className="muted empty">{loading}</p>}>{page}</Suspense>;
}

/** wouter decodes the path with decodeURI: a name's encoded `/`, `?` or `#` is left to decode here. */
function decodeName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
