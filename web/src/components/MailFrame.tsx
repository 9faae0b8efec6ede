/**
 * Captured HTML in a frame that never runs its scripts: `sandbox` without allow-scripts (and the route's own CSP
 * sandbox, server/emulator/messages.ts). allow-same-origin is granted so that the page can bind its keyboard
 * shortcuts inside the frame's document; with no script able to run in the frame, nothing there can use it.
 * Links open in a new tab, outside the sandbox, when the user clicks them. The template studio gives the HTML
 * itself (`srcDoc`, in the same sandbox); each new document of the frame opens scrolled where the last one was,
 * so that a re-render keeps the reader's place.
 */
import { useEffect, useRef } from 'react';
import { handleShortcut, type ShortcutAction } from '../keyboard.js';
import { applyDarkMode } from './dark-mail.js';

export type FrameWidth = 'phone' | 'tablet' | 'full';
export const WIDTHS: Record<FrameWidth, { label: string; px: number | null }> = {
  phone: { label: '375 px', px: 375 },
  tablet: { label: '768 px', px: 768 },
  full: { label: 'Full width', px: null },
};

interface Props {
  /** The HTML's URL (a captured message's), or `srcDoc`: the HTML itself (a studio render). */
  src?: string;
  srcDoc?: string;
  title: string;
  width: FrameWidth;
  dark: boolean;
  onShortcut?: (action: ShortcutAction) => void;
}

/** Frame documents whose keys are already bound. */
const bound = new WeakSet<Document>();

export function MailFrame({ src, srcDoc, title, width, dark, onShortcut }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(onShortcut);
  latest.current = onShortcut;
  const scroll = useRef({ x: 0, y: 0 });

  useEffect(() => {
    const element = frame.current;
    if (element === null) return;
    const bind = () => {
      const inner = element.contentDocument;
      if (inner === null || bound.has(inner)) return;
      bound.add(inner);
      inner.addEventListener('keydown', (event) => {
        if (latest.current !== undefined) handleShortcut(event, (action) => latest.current?.(action));
      });
      // A link opens in a new tab rather than inside the frame.
      for (const link of inner.querySelectorAll('a[href]')) link.setAttribute('target', '_blank');
      applyDarkMode(inner, dark);
      const view = inner.defaultView;
      if (view !== null) {
        view.scrollTo(scroll.current.x, scroll.current.y);
        view.addEventListener('scroll', () => {
          scroll.current = { x: view.scrollX, y: view.scrollY };
        });
      }
    };
    element.addEventListener('load', bind);
    if (element.contentDocument?.readyState === 'complete' && element.contentDocument.URL !== 'about:blank') bind();
    return () => element.removeEventListener('load', bind);
    // Each new document of the frame (a new src or srcDoc) fires `load`, which binds it.
  }, [dark]);

  useEffect(() => {
    const inner = frame.current?.contentDocument;
    if (inner) applyDarkMode(inner, dark);
  }, [dark]);

  const px = WIDTHS[width].px;
  return (
    <div className="frame-stage">
      <iframe
        ref={frame}
        {...(srcDoc === undefined ? { src } : { srcDoc })}
        title={title}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        style={{ width: px === null ? '100%' : `${px}px`, colorScheme: dark ? 'dark' : 'light' }}
      />
    </div>
  );
}
