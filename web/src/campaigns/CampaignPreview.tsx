/**
 * The campaign as the chosen subscriber of its list gets it (GET /_emulator/campaigns/{uuid}/preview: the send's
 * own render), in the studio's preview (widths, dark mode, text, source). The subscriber, tab, width and dark mode
 * live in the URL.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CampaignDetail } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { errorText } from '../forms.js';
import { Preview } from '../studio/Preview.js';
import { type PREVIEW_PARAMS, previewState, previewUpdate } from './preview-state.js';
import '../studio/studio.css';

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
  const chosen = preview.data?.subscriber ?? null;
  // The chosen subscriber may be past the offered first 50 (a uuid in the URL): offered too.
  const choices =
    chosen !== null && !campaign.subscribers.some((s) => s.uuid === chosen.uuid)
      ? [chosen, ...campaign.subscribers]
      : campaign.subscribers;
  const state = previewState(values);

  return (
    <section className="box" aria-labelledby="campaign-preview-title">
      <h2 id="campaign-preview-title">Preview</h2>
      <div className="row-form">
        <label className="grow">
          As subscriber
          <select
            value={chosen?.uuid ?? ''}
            onChange={(event) => update({ subscriber: event.target.value })}
            disabled={choices.length === 0}
          >
            {choices.length === 0 && <option value="">(the list has no subscriber)</option>}
            {choices.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {[s.first_name, s.last_name].filter(Boolean).join(' ') || '(no name)'} · {s.email}
              </option>
            ))}
          </select>
        </label>
      </div>
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
