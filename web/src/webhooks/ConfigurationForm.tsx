/**
 * Adding or editing a webhook configuration, with Mailcoach's fields (its edit form, docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only):
 * name, URL, secret (hidden until revealed; on create, left empty for a generated one), enabled, all lists or
 * chosen lists, all events or chosen events (Mailcoach's labels). "Point at the sink" fills the URL with this
 * emulator's built-in receiver, so the calls can be watched without an app running. The server's 422 messages show
 * beside their fields.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_NAMES,
  type WebhookConfiguration,
  type WebhookEvent,
} from '../../../server/testing/client.js';
import { keys, queries, useClient } from '../api.js';
import { FieldError, fieldErrors, Form, otherErrors, type FieldErrors } from '../forms.js';

interface Props {
  /** Null: a new configuration. */
  existing: WebhookConfiguration | null;
  onDone: (saved: WebhookConfiguration, created: boolean) => void;
  onCancel: () => void;
}

/** A sink name from the configuration's name: letters, digits, dots, dashes, underscores. */
function sinkName(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return slug === '' ? 'app' : slug;
}

export function ConfigurationForm({ existing, onDone, onCancel }: Props) {
  const client = useClient();
  const queryClient = useQueryClient();
  const id = useId();
  const lists = useQuery(queries.emailLists(client));
  const [name, setName] = useState(existing?.name ?? '');
  const [url, setUrl] = useState(existing?.url ?? '');
  const [secret, setSecret] = useState(existing?.secret ?? '');
  const [revealed, setRevealed] = useState(false);
  const [enabled, setEnabled] = useState(existing?.enabled ?? true);
  const [allLists, setAllLists] = useState(existing?.use_for_all_lists ?? true);
  const [chosenLists, setChosenLists] = useState<string[]>(existing?.email_lists ?? []);
  // Only `events` filters (as Mailcoach): "all events" is an empty list.
  const [allEvents, setAllEvents] = useState(existing === null ? true : existing.events.length === 0);
  const [chosenEvents, setChosenEvents] = useState<WebhookEvent[]>(existing?.events ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationFn: () => {
      const input = {
        name: name.trim(),
        url: url.trim(),
        ...(secret === '' ? {} : { secret }),
        enabled,
        use_for_all_lists: allLists,
        email_lists: allLists ? [] : chosenLists,
        use_for_all_events: allEvents,
        events: allEvents ? [] : chosenEvents,
      };
      return existing === null ? client.createWebhook(input) : client.updateWebhook(existing.uuid, input);
    },
    onMutate: () => setErrors({}),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: keys.webhooks(client.token) });
      onDone(saved, existing === null);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });

  const toggle = <T,>(values: T[], value: T, on: boolean) =>
    on ? [...values, value] : values.filter((v) => v !== value);
  const listErrors = Object.entries(errors)
    .filter(([field]) => field === 'email_lists' || field.startsWith('email_lists.'))
    .flatMap(([, m]) => m);
  const eventErrors = Object.entries(errors)
    .filter(([field]) => field === 'events' || field.startsWith('events.'))
    .flatMap(([, m]) => m);
  const other = otherErrors(
    Object.fromEntries(
      Object.entries(errors).filter(([field]) => !field.startsWith('email_lists') && !field.startsWith('events')),
    ),
    ['name', 'url', 'secret'],
  );
  const title = existing === null ? 'Add a webhook' : `Edit ${existing.name}`;

  return (
    <section className="box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <Form className="stack webhook-form" onSubmit={() => save.mutate()}>
        <label>
          Name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            aria-invalid={errors.name !== undefined}
            aria-describedby={`${id}-name-error`}
          />
        </label>
        <FieldError id={`${id}-name-error`} messages={errors.name} />
        <label>
          URL
          <input
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="http://127.0.0.1:3000/webhooks/mailcoach"
            required
            spellCheck={false}
            aria-invalid={errors.url !== undefined}
            aria-describedby={`${id}-url-help ${id}-url-error`}
          />
        </label>
        <div className="inline-actions">
          <button type="button" onClick={() => setUrl(client.webhookSink(sinkName(name)).url)}>
            Point at the sink
          </button>
          <span className="help" id={`${id}-url-help`}>
            The sink is this emulator's own receiver (<code>/_emulator/webhook-sink/{sinkName(name)}</code>): it answers
            200 and keeps what it gets. An <code>http://</code> URL is fine (Mailcoach's create form wants{' '}
            <code>https://</code>).
          </span>
        </div>
        <FieldError id={`${id}-url-error`} messages={errors.url} />
        <div className="field">
          <label htmlFor={`${id}-secret`}>Secret</label>
          <span className="inline-actions">
            <input
              id={`${id}-secret`}
              type={revealed ? 'text' : 'password'}
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
              placeholder={existing === null ? 'Left empty: 16 random letters and digits' : undefined}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errors.secret !== undefined}
              aria-describedby={`${id}-secret-help ${id}-secret-error`}
            />
            <button type="button" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
              Reveal secret
            </button>
          </span>
        </div>
        <p className="help" id={`${id}-secret-help`}>
          Each call's <code>Signature</code> header is the hex HMAC-SHA256 of its exact body with this secret.
        </p>
        <FieldError id={`${id}-secret-error`} messages={errors.secret} />
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          Enabled
        </label>
        <fieldset>
          <legend>Email lists</legend>
          <label className="check">
            <input type="checkbox" checked={allLists} onChange={(event) => setAllLists(event.target.checked)} />
            Use for all lists
          </label>
          {!allLists && (
            <div className="choices" role="group" aria-label="Only for these email lists">
              {lists.isError && <p className="field-error">The lists could not be loaded.</p>}
              {lists.data?.length === 0 && <p className="muted">The workspace has no email list.</p>}
              {lists.data?.map((list) => (
                <label key={list.uuid} className="check">
                  <input
                    type="checkbox"
                    checked={chosenLists.includes(list.uuid)}
                    onChange={(event) => setChosenLists(toggle(chosenLists, list.uuid, event.target.checked))}
                  />
                  {list.name}
                </label>
              ))}
            </div>
          )}
          <FieldError id={`${id}-lists-error`} messages={listErrors.length === 0 ? undefined : listErrors} />
        </fieldset>
        <fieldset>
          <legend>Events</legend>
          <label className="check">
            <input type="checkbox" checked={allEvents} onChange={(event) => setAllEvents(event.target.checked)} />
            Use for all events
          </label>
          {!allEvents && (
            <div className="choices" role="group" aria-label="Only these events" aria-describedby={`${id}-events-help`}>
              {WEBHOOK_EVENT_NAMES.map((event) => (
                <label key={event} className="check" title={event}>
                  <input
                    type="checkbox"
                    checked={chosenEvents.includes(event)}
                    onChange={(change) => setChosenEvents(toggle(chosenEvents, event, change.target.checked))}
                  />
                  {WEBHOOK_EVENT_LABELS[event]}
                </label>
              ))}
            </div>
          )}
          {!allEvents && (
            <p className="help" id={`${id}-events-help`}>
              As in Mailcoach, the chosen events filter; with none chosen, every event is sent.
            </p>
          )}
          <FieldError id={`${id}-events-error`} messages={eventErrors.length === 0 ? undefined : eventErrors} />
        </fieldset>
        {other.length > 0 && (
          <p className="field-error" role="alert">
            {other.join(' ')}
          </p>
        )}
        <div className="inline-actions">
          <button type="submit" disabled={save.isPending}>
            {existing === null ? 'Add webhook' : 'Save'}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </Form>
    </section>
  );
}
