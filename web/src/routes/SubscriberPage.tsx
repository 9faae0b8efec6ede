/**
 * `/subscribers/<uuid>`: one subscriber as the API holds it (attributes, extra attributes, tags, status and its
 * dates), the mails captured for its address (the confirmation mail first among them, each linked into the inbox)
 * and its Sends; and the API's actions (confirm, unsubscribe, resubscribe, resend the confirmation, add and remove
 * tags, delete after a confirmation), run through /_emulator by the API's own code, so their webhooks, events and
 * mails are what an app's call would cause. Live. Loaded only when opened.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { EmulatorApiError, type SubscriberAction, type SubscriberDetail } from '../../../server/testing/client.js';
import { keys, queries, useClient } from '../api.js';
import { StatusBadge } from '../audience/common.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { errorText, Form, useTitle } from '../forms.js';
import { useLiveUpdates } from '../live.js';
import { LiveBadge, Timestamp } from '../records/common.js';
import { SendsBox } from '../records/sends-box.js';

const ACTION_LABELS: Record<SubscriberAction, string> = {
  confirm: 'Confirm',
  'resend-confirmation': 'Resend confirmation mail',
  unsubscribe: 'Unsubscribe',
  resubscribe: 'Resubscribe',
};

/** The actions the API allows in each status (its preconditions). */
const ACTIONS_BY_STATUS: Record<SubscriberDetail['status'], SubscriberAction[]> = {
  unconfirmed: ['confirm', 'resend-confirmation'],
  subscribed: ['unsubscribe'],
  unsubscribed: ['resubscribe'],
};

export default function SubscriberPage({ uuid }: { uuid: string }) {
  const live = useLiveUpdates();
  const client = useClient();
  const subscriber = useQuery(queries.subscriber(client, uuid));
  useTitle(subscriber.data?.email ?? 'Subscriber');
  const notFound = subscriber.error instanceof EmulatorApiError && subscriber.error.status === 404;
  return (
    <main className="records-page">
      <p className="crumbs">
        {subscriber.data !== undefined ? (
          <Link href={`/lists/${subscriber.data.email_list.uuid}`}>← {subscriber.data.email_list.name}</Link>
        ) : (
          <Link href="/lists">← Lists</Link>
        )}
      </p>
      <h1>
        {`${subscriber.data?.email ?? 'Subscriber'} `}
        <LiveBadge state={live} />
      </h1>
      {notFound && (
        <p className="alert-box">No subscriber {uuid} in this workspace (deleted, or removed by a reset).</p>
      )}
      {subscriber.isError && !notFound && (
        <p className="alert-box" role="alert">
          The subscriber could not be loaded: {errorText(subscriber.error)}
        </p>
      )}
      {subscriber.data !== undefined && <SubscriberView subscriber={subscriber.data} />}
    </main>
  );
}

function SubscriberView({ subscriber }: { subscriber: SubscriberDetail }) {
  const extra = Object.entries(subscriber.extra_attributes);
  return (
    <>
      <Actions subscriber={subscriber} />
      <div className="records-grid">
        <section className="box" aria-labelledby="status-heading">
          <h2 id="status-heading">Status</h2>
          <dl className="kv">
            <dt>status</dt>
            <dd>
              <StatusBadge status={subscriber.status} />
            </dd>
            <dt>created</dt>
            <dd>
              <Timestamp iso={subscriber.created_at} />
            </dd>
            <dt>subscribed</dt>
            <dd>
              {subscriber.subscribed_at === null ? (
                <span className="muted">—</span>
              ) : (
                <Timestamp iso={subscriber.subscribed_at} />
              )}
            </dd>
            <dt>unsubscribed</dt>
            <dd>
              {subscriber.unsubscribed_at === null ? (
                <span className="muted">—</span>
              ) : (
                <Timestamp iso={subscriber.unsubscribed_at} />
              )}
            </dd>
            <dt>updated</dt>
            <dd>
              <Timestamp iso={subscriber.updated_at} />
            </dd>
          </dl>
        </section>
        <section className="box" aria-labelledby="attributes-heading">
          <h2 id="attributes-heading">Attributes</h2>
          <dl className="kv">
            <dt>email</dt>
            <dd className="address">{subscriber.email}</dd>
            <dt>first_name</dt>
            <dd>{subscriber.first_name ?? <span className="muted">—</span>}</dd>
            <dt>last_name</dt>
            <dd>{subscriber.last_name ?? <span className="muted">—</span>}</dd>
            <dt>uuid</dt>
            <dd>
              <code>{subscriber.uuid}</code>
            </dd>
          </dl>
          <h3>Extra attributes</h3>
          {extra.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <dl className="kv" aria-label="Extra attributes">
              {extra.map(([name, value]) => (
                <div key={name} style={{ display: 'contents' }}>
                  <dt>{name}</dt>
                  <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
        <Tags subscriber={subscriber} />
        <Mails subscriber={subscriber} />
        <Sends subscriber={subscriber} />
      </div>
    </>
  );
}

type Outcome = { ok: boolean; text: string } | null;

/** The state actions the status allows, and delete behind a confirmation. */
function Actions({ subscriber }: { subscriber: SubscriberDetail }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.emailLists(client.token) });
  const act = useMutation({
    mutationFn: (action: SubscriberAction) => client.subscriberAction(subscriber.uuid, action),
    onSuccess: (updated, action) => {
      queryClient.setQueryData(keys.subscriber(client.token, subscriber.uuid), updated);
      refresh();
      setOutcome({
        ok: true,
        text:
          action === 'resend-confirmation'
            ? 'A new confirmation mail was captured.'
            : `Done: the subscriber is ${updated.status}.`,
      });
    },
    onError: (error) => setOutcome({ ok: false, text: errorText(error) }),
  });
  const remove = useMutation({
    mutationFn: () => client.deleteSubscriber(subscriber.uuid),
    onSuccess: () => {
      refresh();
      navigate(`/lists/${subscriber.email_list.uuid}`);
    },
    onError: (error) => setOutcome({ ok: false, text: `The subscriber could not be deleted: ${errorText(error)}` }),
  });
  return (
    <section aria-label="Actions">
      <div className="audience-actions">
        {ACTIONS_BY_STATUS[subscriber.status].map((action) => (
          <button key={action} type="button" onClick={() => act.mutate(action)} disabled={act.isPending}>
            {ACTION_LABELS[action]}
          </button>
        ))}
        <button type="button" className="danger" onClick={() => setConfirmingDelete(true)} disabled={remove.isPending}>
          Delete subscriber
        </button>
      </div>
      <div role="status" aria-live="polite">
        {outcome !== null && <p className={outcome.ok ? 'ok-box' : 'alert-box'}>{outcome.text}</p>}
      </div>
      {confirmingDelete && (
        <ConfirmDialog
          title="Delete this subscriber?"
          confirm="Delete"
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            setConfirmingDelete(false);
            remove.mutate();
          }}
        >
          <p>
            <strong>{subscriber.email}</strong> leaves {subscriber.email_list.name}, with its tags and its Sends, as{' '}
            <code>DELETE /api/subscribers/{'{uuid}'}</code> does. Its captured mails stay in the inbox.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function Tags({ subscriber }: { subscriber: SubscriberDetail }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const change = useMutation({
    mutationFn: ({ add, tags }: { add: boolean; tags: string[] }) =>
      add ? client.addSubscriberTags(subscriber.uuid, tags) : client.removeSubscriberTags(subscriber.uuid, tags),
    onSuccess: (updated, { add }) => {
      queryClient.setQueryData(keys.subscriber(client.token, subscriber.uuid), updated);
      void queryClient.invalidateQueries({ queryKey: keys.emailLists(client.token) });
      if (add) setTyped('');
    },
  });
  const names = typed
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return (
    <section className="box" aria-labelledby="tags-heading">
      <h2 id="tags-heading">Tags</h2>
      {subscriber.tags.length === 0 ? (
        <p className="muted">No tag.</p>
      ) : (
        <ul className="audience-tags" aria-label="Tags">
          {subscriber.tags.map((tag) => (
            <li key={tag}>
              {tag}
              {subscriber.tag_types[tag] === 'mailcoach' && <span className="muted"> (mailcoach)</span>}
              <button
                type="button"
                onClick={() => change.mutate({ add: false, tags: [tag] })}
                disabled={change.isPending}
                aria-label={`Remove tag ${tag}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <Form className="filters" onSubmit={() => names.length > 0 && change.mutate({ add: true, tags: names })}>
        <label className="grow">
          Add tags
          <input
            type="text"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="vip, customer"
            spellCheck={false}
          />
        </label>
        <button type="submit" disabled={names.length === 0 || change.isPending}>
          Add
        </button>
      </Form>
      {change.isError && (
        <p className="alert-box" role="alert">
          The tags could not be changed: {errorText(change.error)}
        </p>
      )}
    </section>
  );
}

/** Every mail captured for the address (the inbox's search, then the exact address), the confirmation mails marked. */
function Mails({ subscriber }: { subscriber: SubscriberDetail }) {
  const client = useClient();
  // Under the messages' key: a capture (the confirmation mail just resent) refetches it (live.tsx).
  const mails = useQuery({
    queryKey: [...keys.messages(client.token), 'to', subscriber.email],
    queryFn: async () => {
      const page = await client.messages({ to: subscriber.email }, { perPage: 100 });
      const address = subscriber.email.toLowerCase();
      return page.data.filter((mail) =>
        [...mail.to, ...mail.cc, ...mail.bcc].some((to) => to.email.toLowerCase() === address),
      );
    },
  });
  const confirmation = mails.data?.find((mail) => mail.origin === 'confirmation');
  return (
    <section className="box" aria-labelledby="mails-heading">
      <h2 id="mails-heading">Mails</h2>
      {subscriber.email_list.requires_confirmation || confirmation !== undefined ? (
        <p>
          {confirmation !== undefined ? (
            <Link href={`/messages/${confirmation.uuid}`}>Open the confirmation mail</Link>
          ) : (
            <span className="muted">No confirmation mail captured for this address.</span>
          )}
        </p>
      ) : (
        <p className="muted">The list asks for no confirmation.</p>
      )}
      {mails.isError && (
        <p className="alert-box" role="alert">
          The mails could not be loaded: {errorText(mails.error)}
        </p>
      )}
      {mails.data !== undefined &&
        (mails.data.length === 0 ? (
          <p className="muted">No mail captured for {subscriber.email}.</p>
        ) : (
          <ul className="audience-mails" aria-label="Mails captured for this address">
            {mails.data.map((mail) => (
              <li key={mail.uuid}>
                <Link href={`/messages/${mail.uuid}`}>{mail.subject === '' ? '(no subject)' : mail.subject}</Link>{' '}
                <span className="muted">
                  <Timestamp iso={mail.created_at} />
                  {mail.origin !== null && ` · ${mail.origin}`}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

function Sends({ subscriber }: { subscriber: SubscriberDetail }) {
  const client = useClient();
  const sends = useQuery({
    queryKey: [...keys.sends(client.token), 'subscriber', subscriber.uuid],
    queryFn: () => client.sends({ subscriberUuid: subscriber.uuid }),
  });
  return (
    <SendsBox
      headingId="sends-heading"
      sends={sends}
      empty="No send: no campaign or automation mail went to this subscriber."
      allHref={`/sends?subscriber=${encodeURIComponent(subscriber.uuid)}`}
      allText={(total) => `All ${total.toLocaleString()} on the Sends page`}
    >
      {(rows) => (
        <ul className="audience-mails" aria-label="Sends">
          {rows.map((send) => (
            <li key={send.uuid}>
              {send.message_uuid !== null ? (
                <Link href={`/messages/${send.message_uuid}`}>{send.subject ?? 'Mail'}</Link>
              ) : (
                <span>{send.subject ?? 'No mail'}</span>
              )}{' '}
              <span className="muted">
                {send.campaign_name !== null && `campaign ${send.campaign_name} · `}
                {send.state}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SendsBox>
  );
}
