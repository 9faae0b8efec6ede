/**
 * The studio's state in the URL, so that a link (or a reload) shows the same preview:
 * `/templates/<name>?replacements=<json>&width=375|768&tab=text|source&dark=1` (defaults left out).
 */
import type { FrameWidth } from '../components/MailFrame.js';

export type PreviewTab = 'html' | 'text' | 'source';
export const PREVIEW_TABS: Array<[PreviewTab, string]> = [
  ['html', 'HTML'],
  ['text', 'Text'],
  ['source', 'Source'],
];

export type Replacements = Record<string, unknown>;

export interface StudioState {
  replacements: Replacements;
  /** Why the URL's replacements were not used (not JSON, or not an object); null when they were. */
  replacementsError: string | null;
  width: FrameWidth;
  tab: PreviewTab;
  dark: boolean;
}

const WIDTH_PARAM: Record<FrameWidth, string | null> = { phone: '375', tablet: '768', full: null };

export function readState(search: string): StudioState {
  const params = new URLSearchParams(search);
  const parsed = parseReplacements(params.get('replacements') ?? '{}');
  const width =
    (Object.keys(WIDTH_PARAM) as FrameWidth[]).find((w) => WIDTH_PARAM[w] === params.get('width')) ?? 'full';
  const tab = PREVIEW_TABS.find(([t]) => t === params.get('tab'))?.[0] ?? 'html';
  return {
    replacements: parsed.value ?? {},
    replacementsError: parsed.error,
    width,
    tab,
    dark: params.get('dark') === '1',
  };
}

export function studioHref(name: string, state: Omit<StudioState, 'replacementsError'>): string {
  const params = new URLSearchParams();
  if (Object.keys(state.replacements).length > 0) params.set('replacements', JSON.stringify(state.replacements));
  const width = WIDTH_PARAM[state.width];
  if (width !== null) params.set('width', width);
  if (state.tab !== 'html') params.set('tab', state.tab);
  if (state.dark) params.set('dark', '1');
  const query = params.toString();
  return `/templates/${encodeURIComponent(name)}${query === '' ? '' : `?${query}`}`;
}

/** JSON text → a replacements object, or why not. */
export function parseReplacements(text: string): { value: Replacements; error: null } | { value: null; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { value: null, error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { value: null, error: 'The replacements must be a JSON object, e.g. {"first_name": "Jane"}.' };
  }
  return { value: value as Replacements, error: null };
}
