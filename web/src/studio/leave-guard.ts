/**
 * Asks before the studio is left with unsaved changes: a reload, a closed tab or a link to another
 * site get the browser's own "Leave site?" (`beforeunload`); a link of this app (the header, the crumbs, a captured
 * mail's link) and Back/Forward get the studio's dialog, which names what is lost.
 *
 * Links are caught in the capture phase on the document, before wouter's Link handler (React listens on its root,
 * below the document) or the browser follows them; once the user confirms, the same link is clicked again and goes
 * its way. Back/Forward is stopped by history-guard.ts, which puts the studio's URL back; confirmed, the app navigates
 * to where the user was going.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { currentUrl, guardHistory } from './history-guard.js';

/** Where the user was going, held while the dialog asks. */
export type Leaving = { kind: 'link'; anchor: HTMLAnchorElement } | { kind: 'history'; to: string };

export function useLeaveGuard(dirty: boolean) {
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  /** Set once the user chose to leave: nothing asks again on the way out (a full page load included). */
  const allowed = useRef(false);
  /** The studio's own URL as last rendered (its search changes as the replacements or the tab do). */
  const here = useRef('');
  here.current = currentUrl();

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older Chromium wants returnValue set as well; the text is the browser's own.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (allowed.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target !== '' && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      // A link that only changes the hash or the search of this page does not leave it.
      if (url.origin === window.location.origin && url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ kind: 'link', anchor });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    const unguard = guardHistory({
      active: () => !allowed.current,
      here: () => here.current,
      stopped: (to) => setLeaving({ kind: 'history', to }),
    });
    return () => {
      unguard();
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return {
    leaving,
    stay: () => setLeaving(null),
    leave: () => {
      const target = leaving;
      setLeaving(null);
      if (target === null) return;
      allowed.current = true;
      if (target.kind === 'link') target.anchor.click();
      else navigate(target.to);
    },
  };
}
