/**
 * The top bar: the sections (inbox, templates, suppressions, sends, log, webhooks, controls, and a link to the API docs), a
 * badge while fault rules make the API fail on purpose, the workspace (a token's, with --isolate) and the theme.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { EmulatorSettings } from '../../../server/testing/client.js';
import { queries, useClient } from '../api.js';
import { useTheme, type Theme } from '../theme.js';

/** The records pages and the controls. */
const RECORD_SECTIONS = [
  ['/lists', 'Lists'],
  ['/campaigns', 'Campaigns'],
  ['/suppressions', 'Suppressions'],
  ['/sends', 'Sends'],
  ['/log', 'Log'],
  ['/webhooks', 'Webhooks'],
  ['/controls', 'Controls'],
] as const;

interface Props {
  settings: EmulatorSettings | null;
  token: string | null;
  onToken: (token: string | null) => void;
}

export function Header({ settings, token, onToken }: Props) {
  const [theme, setTheme] = useTheme();
  const [location] = useLocation();
  const inTemplates = location === '/templates' || location.startsWith('/templates/');
  // A subscriber's page (/subscribers/<uuid>) belongs to Lists; the Automations page and a campaign template's,
  // reached from Campaigns (one entry fewer in the header), to Campaigns.
  const section =
    RECORD_SECTIONS.find(([path]) => location === path || location.startsWith(`${path}/`))?.[0] ??
    (location.startsWith('/subscribers/')
      ? '/lists'
      : location === '/automations' || location.startsWith('/campaign-templates/')
        ? '/campaigns'
        : undefined);
  /** The link of the section shown, marked as the current page. */
  const currentHref = inTemplates ? '/templates' : (section ?? '/');
  // On a narrow screen the sections are one row that scrolls sideways (chrome.css): the current one is scrolled
  // into sight, or /controls would open with its own link off the screen's edge.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>(`a[href="${currentHref}"]`);
    if (current && nav.current && nav.current.scrollWidth > nav.current.clientWidth) {
      nav.current.scrollLeft = current.offsetLeft - nav.current.offsetLeft - 8;
    }
  }, [currentHref]);
  return (
    <header className="topbar">
      <a className="brand" href="/" aria-label="mailcoach-emulator inbox">
        <img src="/favicon.svg" alt="" width="22" height="22" />
        <span className="brand-name">mailcoach-emulator</span>
      </a>
      <nav aria-label="Sections" className="sections" ref={nav}>
        <Link href="/" aria-current={currentHref === '/' ? 'page' : undefined}>
          Inbox
        </Link>
        <Link href="/templates" aria-current={currentHref === '/templates' ? 'page' : undefined}>
          Templates
        </Link>
        {RECORD_SECTIONS.map(([path, label]) => (
          <Link key={path} href={path} aria-current={currentHref === path ? 'page' : undefined}>
            {label}
          </Link>
        ))}
        {/* A page of its own (Swagger UI, server/http/api-docs.ts), not a route of this app: a plain link. */}
        <a href="/_emulator/docs">API docs</a>
      </nav>
      <FaultBadge />
      <WorkspacePicker settings={settings} token={token} onToken={onToken} />
      <button
        type="button"
        className="shortcuts"
        onClick={() => window.dispatchEvent(new KeyboardEvent('keydown', { key: '?' }))}
      >
        <span className="shortcuts-word">Shortcuts</span> <kbd>?</kbd>
      </button>
      <label className="theme">
        <span className="visually-hidden">Theme</span>
        <select aria-label="Theme" value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
          <option value="auto">Auto theme</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
    </header>
  );
}

/**
 * "2 fault rules active", linking to Controls, while the workspace has rules that can still fire (a spent rule, with
 * `times` used up, no longer counts): without it a send failing on purpose looks like a bug anywhere but Controls.
 * Live: the tab's one event subscription (live.tsx) refetches the rules on `faults.changed` (added, deleted, fired)
 * and on a reset.
 */
function FaultBadge() {
  const client = useClient();
  const rules = useQuery(queries.faults(client));
  const active = (rules.data ?? []).filter((rule) => rule.remaining !== 0).length;
  if (active === 0) return null;
  return (
    <Link
      href="/controls"
      className="fault-badge"
      title="Requests to /api matching them fail or slow down on purpose: see them on Controls"
    >
      <svg
        viewBox="0 0 24 24"
        width="12"
        height="12"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 3 2 21h20L12 3Z" />
        <path d="M12 10v5M12 18v.5" />
      </svg>
      {active} <span className="fault-badge-words">fault rule{active === 1 ? '' : 's'} active</span>
    </Link>
  );
}

/** Without --isolate every token shares one inbox: nothing to pick. With it, each token is a workspace. */
function WorkspacePicker({ settings, token, onToken }: Props) {
  const [typed, setTyped] = useState('');
  if (settings === null) return <span className="workspace" />;
  if (!settings.isolate) return <span className="workspace shared">Workspace: shared by every token</span>;
  const known = settings.tokens;
  return (
    <span className="workspace">
      <label htmlFor="workspace-select">Workspace</label>
      {known.length > 0 && (
        <select
          id="workspace-select"
          value={token ?? ''}
          onChange={(event) => onToken(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">default (no token)</option>
          {known.map((t) => (
            <option key={t} value={t}>
              token {t}
            </option>
          ))}
          {token !== null && !known.includes(token) && <option value={token}>token {token}</option>}
        </select>
      )}
      {(settings.any_token || known.length === 0) && (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() !== '') onToken(typed.trim());
          }}
        >
          <input
            aria-label="Token of the workspace to open"
            placeholder={token ?? 'token…'}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit">Open</button>
        </form>
      )}
    </span>
  );
}
