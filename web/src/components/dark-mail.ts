/**
 * A mail in dark mode, as dark-mode mail clients show one: a mail with its own `prefers-color-scheme: dark` rules
 * gets them (the frame's color-scheme turns them on); any other mail gets a forced dark background and light default
 * text, and the colours the mail set are turned around where they would not read on it: light backgrounds darkened,
 * dark text lightened, each keeping its hue (Gmail's and Outlook's "partial invert"). Images are kept as they are.
 * Never a dark colour scheme and an inverting filter at once: together they turn default text black on black.
 *
 * The frame runs no script (MailFrame.tsx): the page measures the mail's colours from outside (same origin) and
 * writes the dark ones inline; turning dark mode off puts every element's own style back.
 */

const STYLE_ID = 'mailcoach-emulator-dark';
const DARK_BACKGROUND = '#121212';
const LIGHT_TEXT = '#e8e8e8';
/** A lightened text colour is at least this light (HSL), so that it reads on the dark background (WCAG AA, 4.5:1). */
const MIN_TEXT_LIGHTNESS = 0.75;
/** A darkened background is at most this light (HSL): a light tint becomes a dark one. */
const MAX_BACKGROUND_LIGHTNESS = 0.2;

/** Each element's own `style` attribute before dark mode wrote into it (null: it had none). */
const ownStyles = new WeakMap<Document, Map<HTMLElement, string | null>>();

export function applyDarkMode(doc: Document, dark: boolean): void {
  restore(doc);
  const view = doc.defaultView;
  if (!dark || doc.head === null || view === null) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  if (hasOwnDarkRules(doc)) {
    style.textContent = ':root{color-scheme:dark}';
    doc.head.append(style);
    return;
  }
  // Measured before anything changes (all reads, then all writes: one style recalculation).
  const writes: [HTMLElement, string, string][] = [];
  for (const element of doc.body === null ? [] : [doc.body, ...doc.body.querySelectorAll<HTMLElement>('*')]) {
    const own = view.getComputedStyle(element);
    const background = parseColor(own.backgroundColor);
    if (background !== null && background.alpha > 0 && lightness(background) > 0.5) {
      writes.push([
        element,
        'background-color',
        withLightness(background, Math.min(1 - lightness(background), MAX_BACKGROUND_LIGHTNESS)),
      ]);
    }
    // A colour set on this element (differing from what it inherits): the body's default text counts as set.
    const parent = element.parentElement === null ? null : view.getComputedStyle(element.parentElement);
    const color = parseColor(own.color);
    if (
      color !== null &&
      (element === doc.body || own.color !== parent?.color) &&
      lightness(color) < MIN_TEXT_LIGHTNESS
    ) {
      writes.push([element, 'color', withLightness(color, Math.max(1 - lightness(color), MIN_TEXT_LIGHTNESS))]);
    }
  }
  const saved = new Map<HTMLElement, string | null>();
  for (const [element, property, value] of writes) {
    if (!saved.has(element)) saved.set(element, element.getAttribute('style'));
    element.style.setProperty(property, value, 'important');
  }
  ownStyles.set(doc, saved);
  style.textContent = `:root{color-scheme:dark;background:${DARK_BACKGROUND};color:${LIGHT_TEXT}}`;
  doc.head.append(style);
}

function restore(doc: Document): void {
  doc.getElementById(STYLE_ID)?.remove();
  for (const [element, own] of ownStyles.get(doc) ?? []) {
    if (own === null) element.removeAttribute('style');
    else element.setAttribute('style', own);
  }
  ownStyles.delete(doc);
}

function hasOwnDarkRules(doc: Document): boolean {
  return [...doc.querySelectorAll('style')].some((sheet) => sheet.textContent?.includes('prefers-color-scheme'));
}

interface Rgba {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

/** A computed colour (`rgb(…)` or `rgba(…)`); others (a `color(…)` function) are left as they are. */
function parseColor(value: string): Rgba | null {
  const match = /^rgba?\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)(?:,\s*(\d*(?:\.\d+)?))?\)$/.exec(value);
  if (match === null) return null;
  return {
    red: Number(match[1]) / 255,
    green: Number(match[2]) / 255,
    blue: Number(match[3]) / 255,
    alpha: match[4] === undefined ? 1 : Number(match[4]),
  };
}

/** HSL lightness. */
function lightness({ red, green, blue }: Rgba): number {
  return (Math.max(red, green, blue) + Math.min(red, green, blue)) / 2;
}

/** The same hue and saturation at another HSL lightness, as `hsl(…)` with the colour's alpha. */
function withLightness(color: Rgba, target: number): string {
  const { red, green, blue, alpha } = color;
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const light = (max + min) / 2;
  const delta = max - min;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * light - 1));
  let hue = 0;
  if (delta !== 0) {
    if (max === red) hue = ((green - blue) / delta) % 6;
    else if (max === green) hue = (blue - red) / delta + 2;
    else hue = (red - green) / delta + 4;
  }
  const degrees = (hue * 60 + 360) % 360;
  return `hsl(${degrees.toFixed(1)} ${(saturation * 100).toFixed(1)}% ${(target * 100).toFixed(1)}% / ${alpha})`;
}
