/**
 * Back/Forward out of a page that would lose something (the studio's unsaved changes: leave-guard.ts). The browser
 * has already changed the URL when `popstate` arrives, and wouter re-renders the route for it; a listener can only
 * stop wouter's if it was added before it (Chromium runs a window's listeners in the order they were added, capture
 * or not). So this one is added when the module is evaluated, which App.tsx does before its first render (when
 * wouter subscribes). While a page holds the guard, a Back/Forward is stopped here, the page's URL put back at once
 * (before anything renders the other route), and the page told where the user was going.
 */
export interface HistoryGuard {
  /** Whether to stop Back/Forward now. */
  active: () => boolean;
  /** The guarding page's URL (path, search, hash) to put back. */
  here: () => string;
  /** Back/Forward was stopped; `to` is where it led. */
  stopped: (to: string) => void;
}

let current: HistoryGuard | null = null;

/** Installs the guard; the returned function removes it (if it is still the one installed). */
export function guardHistory(guard: HistoryGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

export function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

window.addEventListener('popstate', (event) => {
  const guard = current;
  if (guard === null || !guard.active()) return;
  event.stopImmediatePropagation();
  const to = currentUrl();
  window.history.pushState(null, '', guard.here());
  guard.stopped(to);
});
