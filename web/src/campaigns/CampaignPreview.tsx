/**
 * The campaign as the chosen subscriber of its list gets it (GET /_emulator/campaigns/{uuid}/preview: the send's
 * own render), in the studio's preview (widths, dark mode, text, source). The subscriber, tab, width and dark mode
 * live in the URL. The subscribers offered are those a send reaches (its segment's members, not the list's first
 * 50: issue 41 finding 10), found by email or name (GET /_emulator/campaigns/{uuid}/audience).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { CampaignDetail } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { errorText } from '../forms.js';
import { Preview } from '../studio/Preview.js';
import { type PREVIEW_PARAMS, previewState, previewUpdate } from './preview-state.js';
import '../studio/studio.css';

/** Typing pauses this long before the subscribers are searched. */
const SEARCH_DEBOUNCE_MS = 250;

type Params = Record<(typeof PREVIEW_PARAMS)[number], string>;

export function CampaignPreview({
  campaign,
  values,
  update,
}: {
  campaign: CampaignDetail;
  values: Params;
  update: (changes: Partial<Params>) => void;
}) {
  const client = useClient();
  const preview = useQuery({
    queryKey: keys.campaignPreview(client.token, campaign.uuid, values.subscriber),
    queryFn: () => client.campaignPreview(campaign.uuid, values.subscriber || undefined),
    placeholderData: keepPreviousData,
  });
  const [search, setSearch] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useQuery({
    queryKey: [...keys.campaign(client.token, campaign.uuid), 'audience', settled],
    queryFn: () => client.campaignAudience(campaign.uuid, settled),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
  const offered = settled === '' ? campaign.subscribers : (found.data?.data ?? []);
  const chosen = preview.data?.subscriber ?? null;
  // The chosen subscriber may be past those offered (a uuid in the URL, or another search): offered too.
  const choices = chosen !== null && !offered.some((s) => s.uuid === chosen.uuid) ? [chosen, ...offered] : offered;
  const searchId = useId();
  const state = previewState(values);

  return (
    <section className="box" aria-labelledby="campaign-preview-title">
      <h2 id="campaign-preview-title">Preview</h2>
      <div className="row-form">
        <label className="grow" htmlFor={searchId}>
          Find a subscriber
          <input
            id={searchId}
            type="search"
            placeholder="email or name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <label className="grow">
          As subscriber
          <select
            value={chosen?.uuid ?? ''}
            onChange={(event) => update({ subscriber: event.target.value })}
            disabled={choices.length === 0}
          >
            {choices.length === 0 && <option value="">(no subscriber to preview as)</option>}
            {choices.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {[s.first_name, s.last_name].filter(Boolean).join(' ') || '(no name)'} · {s.email}
              </option>
            ))}
          </select>
        </label>
      </div>
      {settled !== '' && found.data !== undefined && (
        <p className="muted" role="status">
          {found.data.total === 0
            ? `No subscriber this campaign reaches matches “${settled}”.`
            : `${found.data.total} of those it reaches match${found.data.total > found.data.data.length ? `; the first ${found.data.data.length} are offered` : ''}.`}
        </p>
      )}
      {preview.isError && (
        <p className="alert-box" role="alert">
          The preview failed: {errorText(preview.error)}
        </p>
      )}
      {preview.data !== undefined && (
        <Preview
          render={preview.data}
          title={`Preview of ${campaign.name}`}
          state={state}
          update={previewUpdate(update)}
        />
      )}
    </section>
  );
}
