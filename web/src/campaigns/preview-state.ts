/**
 * The preview's tab, width and dark mode kept in the URL (defaults left out), for the studio's Preview on the
 * campaign and campaign template pages.
 */
import type { FrameWidth } from '../components/MailFrame.js';
import { PREVIEW_TABS, type StudioState } from '../studio/url-state.js';

export const PREVIEW_PARAMS = ['subscriber', 'tab', 'width', 'dark'] as const;

type PreviewState = Pick<StudioState, 'tab' | 'width' | 'dark'>;
type Params = { tab: string; width: string; dark: string };

export function previewState(values: Params): PreviewState {
  return {
    tab: PREVIEW_TABS.find(([tab]) => tab === values.tab)?.[0] ?? 'html',
    width: (['phone', 'tablet', 'full'].includes(values.width) ? values.width : 'full') as FrameWidth,
    dark: values.dark === '1',
  };
}

/** A change of the Preview's state as URL parameters. */
export function previewUpdate(update: (changes: Partial<Params>) => void) {
  return (patch: Partial<PreviewState>) =>
    update({
      ...(patch.tab === undefined ? {} : { tab: patch.tab === 'html' ? '' : patch.tab }),
      ...(patch.width === undefined ? {} : { width: patch.width === 'full' ? '' : patch.width }),
      ...(patch.dark === undefined ? {} : { dark: patch.dark ? '1' : '' }),
    });
}
