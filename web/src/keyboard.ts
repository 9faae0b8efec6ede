/**
 * The inbox's keyboard shortcuts, in one table, bound on the page and inside the message frame's document (its
 * sandbox allows same-origin access, never scripts), so that they keep working after a click into the mail.
 */
import { useEffect, useRef } from 'react';

export const SHORTCUTS: Array<{ keys: string; does: string }> = [
  { keys: 'j / k', does: 'next / previous message' },
  { keys: 'Enter', does: 'open the message' },
  { keys: 'Delete', does: 'delete the open or selected messages' },
  { keys: '/', does: 'search' },
  { keys: 'Esc', does: 'close the message, or leave the search box' },
  { keys: '?', does: 'this help' },
];

export type ShortcutAction = 'next' | 'previous' | 'open' | 'delete' | 'search' | 'escape' | 'help';

const ACTIONS: Record<string, ShortcutAction> = {
  j: 'next',
  k: 'previous',
  Enter: 'open',
  Delete: 'delete',
  '/': 'search',
  Escape: 'escape',
  '?': 'help',
};

/** Whether a key press belongs to a text field (typing "j" in the search box is not "next"). */
function typing(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return target !== null && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Runs `handler` for each shortcut pressed on `targets` (the window, and the frame's document once loaded). */
export function handleShortcut(event: KeyboardEvent, handler: (action: ShortcutAction) => void): void {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const action = ACTIONS[event.key];
  if (action === undefined) return;
  if (typing(event) && action !== 'escape') return;
  // Enter on a focused button or link is that control's, not "open".
  if (action === 'open' && (event.target as HTMLElement | null)?.closest?.('button, a, [role="checkbox"]')) return;
  event.preventDefault();
  handler(action);
}

/**
 * Binds the shortcuts on the window for the component's lifetime; `handler` may change between renders, and is null
 * while a dialog is open: the keys are then the dialog's (Esc closes it, which a prevented keydown would stop).
 */
export function useShortcuts(handler: ((action: ShortcutAction) => void) | null): (event: KeyboardEvent) => void {
  const latest = useRef(handler);
  latest.current = handler;
  const listener = useRef((event: KeyboardEvent) => {
    const current = latest.current;
    if (current !== null) handleShortcut(event, current);
  }).current;
  useEffect(() => {
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [listener]);
  return listener;
}
