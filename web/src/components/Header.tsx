/**
 * The top bar: the sections (inbox, templates, suppressions, sends, log, webhooks, controls, and a link to the API docs),
 * badges while the clock is frozen or shifted and while fault rules make the API fail on purpose, the workspace (a token's, with --isolate) and the theme.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { EmulatorSettings } from '../../../server/testing/client.js';
import { useTheme, type Theme } from '../theme.js';
import { ClockBadge, FaultBadge } from './HeaderBadges.js';

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
  const more = useMoreToTheRight(nav);
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
      {/* The row scrolls sideways when it does not fit (a phone, a laptop): this says so, and scrolls it. */}
      {more && (
        <button
          type="button"
          className="sections-more"
          aria-label="More sections"
          title="More sections"
          onClick={() => nav.current?.scrollBy({ left: nav.current.clientWidth * 0.7 })}
        >
          <span aria-hidden="true">›</span>
        </button>
      )}
      <ClockBadge />
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

/** Whether a sideways-scrolling element has more to show to the right: it follows scrolls and size changes. */
function useMoreToTheRight(ref: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref]);
  return more;
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
