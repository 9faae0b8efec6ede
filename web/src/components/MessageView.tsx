/** One message: its HTML in the sandboxed frame, and tabs for everything else a developer checks. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Message } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import type { ShortcutAction } from '../keyboard.js';
import { DateTime } from '../dates.js';
import { CopyButton } from './CopyButton.js';
import { MailFrame, WIDTHS, type FrameWidth } from './MailFrame.js';
import { ChecksCount, ChecksPanel } from '../checks/ChecksPanel.js';
import { TabList } from './TabList.js';
import { TagChips } from './TagChips.js';

const TABS = [
  'HTML',
  'Text',
  'HTML source',
  'Headers',
  'Raw',
  'Attachments',
  'Links & codes',
  'Mailcoach',
  'Checks',
] as const;
type Tab = (typeof TABS)[number];

interface Props {
  message: Message;
  onDelete: () => void;
  onClose: () => void;
  onMarkUnread: () => void;
  onShortcut: (action: ShortcutAction) => void;
}

export function MessageView({ message, onDelete, onClose, onMarkUnread, onShortcut }: Props) {
  const client = useClient();
  const [tab, setTab] = useState<Tab>(hasHtmlToShow(message) ? 'HTML' : 'Text');
  const [width, setWidth] = useState<FrameWidth>('full');
  const [dark, setDark] = useState(false);
  const address = (a: { name: string; email: string }) => (a.name ? `${a.name} <${a.email}>` : a.email);

  return (
    <article className="message" aria-labelledby="message-subject">
      <header className="message-head">
        <div className="message-actions">
          <button type="button" onClick={onClose}>
            <span aria-hidden="true">←</span> Back to inbox
          </button>
          <button type="button" onClick={onMarkUnread}>
            Mark unread
          </button>
          <a className="button" href={client.urls.raw(message.uuid)} download={`${message.uuid}.eml`}>
            Download .eml
          </a>
          <button type="button" className="danger" onClick={onDelete}>
            Delete
          </button>
        </div>
        <h1 id="message-subject">{message.subject || '(no subject)'}</h1>
        {message.tags.length > 0 && (
          <div className="message-tags" role="group" aria-label="Tags">
            <TagChips tags={message.tags} />
          </div>
        )}
        <dl className="envelope">
          <dt>From</dt>
          <dd>{message.from === null ? '(none)' : address(message.from)}</dd>
          <dt>To</dt>
          <dd>{message.to.map(address).join(', ') || '(none)'}</dd>
          {message.cc.length > 0 && (
            <>
              <dt>Cc</dt>
              <dd>{message.cc.map(address).join(', ')}</dd>
            </>
          )}
          {message.bcc.length > 0 && (
            <>
              <dt>Bcc</dt>
              <dd>{message.bcc.map(address).join(', ')}</dd>
            </>
          )}
          {message.reply_to.length > 0 && (
            <>
              <dt>Reply-To</dt>
              <dd>{message.reply_to.map(address).join(', ')}</dd>
            </>
          )}
          <dt>Date</dt>
          <dd>
            <DateTime iso={message.created_at} />
          </dd>
          {/* Only SMTP mail says how it came: the API's is the usual case, and its envelope is on the Mailcoach tab. */}
          {message.via === 'smtp' && (
            <>
              <dt>Received</dt>
              <dd>{`over SMTP: MAIL FROM ${message.envelope.from || '<>'}, RCPT TO ${message.envelope.to.join(', ')}`}</dd>
            </>
          )}
        </dl>
      </header>

      <TabList
        label="Message parts"
        tabs={TABS.map((name) => ({
          name,
          disabled: emptyTab(message, name),
          extra:
            name === 'Attachments' && message.attachments.length > 0 ? (
              ` (${message.attachments.length})`
            ) : name === 'Checks' ? (
              <ChecksCount uuid={message.uuid} />
            ) : undefined,
        }))}
        selected={tab}
        onSelect={setTab}
        idOf={(name) => `tab-${slug(name)}`}
        panelIdOf={(name) => `panel-${slug(name)}`}
      />

      <section role="tabpanel" id={`panel-${slug(tab)}`} aria-labelledby={`tab-${slug(tab)}`} className="panel">
        {tab === 'HTML' &&
          (message.html === null ? (
            <p className="muted">This message has no HTML part.</p>
          ) : (
            <>
              <div className="frame-controls" role="group" aria-label="Preview">
                {(Object.keys(WIDTHS) as FrameWidth[]).map((w) => (
                  <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
                    {WIDTHS[w].label}
                  </button>
                ))}
                <label className="check">
                  <input type="checkbox" checked={dark} onChange={(event) => setDark(event.target.checked)} /> Dark mode
                </label>
              </div>
              <MailFrame
                src={client.urls.html(message.uuid)}
                title={`HTML of “${message.subject}”`}
                width={width}
                dark={dark}
                onShortcut={onShortcut}
              />
            </>
          ))}
        {tab === 'Text' &&
          (message.text === null ? (
            <p className="muted">This message has no text part.</p>
          ) : (
            <pre className="code">{message.text}</pre>
          ))}
        {tab === 'HTML source' &&
          (message.html === null ? (
            <p className="muted">This message has no HTML part.</p>
          ) : (
            <pre className="code">{message.html}</pre>
          ))}
        {tab === 'Headers' && (
          <table className="headers">
            <tbody>
              {message.headers.map((header, i) => (
                <tr key={i}>
                  <th scope="row">{header.name}</th>
                  <td>{header.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {tab === 'Raw' && <RawSource uuid={message.uuid} />}
        {tab === 'Attachments' && <Attachments message={message} />}
        {tab === 'Links & codes' && <LinksAndCodes message={message} />}
        {tab === 'Mailcoach' && <MailcoachRecords message={message} />}
        {tab === 'Checks' && <ChecksPanel uuid={message.uuid} />}
      </section>
    </article>
  );
}

/**
 * Whether the mail opens on its HTML: it has an HTML part, and that part shows something (text or an image), or
 * there is no text to show instead. A text-only mail, or one whose HTML is an empty shell, opens on its text.
 */
function hasHtmlToShow(message: Message): boolean {
  if (message.html === null) return false;
  if (message.text === null || /<img\b/i.test(message.html)) return true;
  return message.html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/g, '') !== '';
}

/** A tab with nothing behind it: disabled, so that neither a click nor the arrow keys land on it. */
function emptyTab(message: Message, tab: Tab): boolean {
  if (tab === 'HTML' || tab === 'HTML source') return message.html === null;
  if (tab === 'Text') return message.text === null;
  if (tab === 'Attachments') return message.attachments.length === 0;
  return false;
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z]+/g, '-');
}

function RawSource({ uuid }: { uuid: string }) {
  const client = useClient();
  const raw = useQuery({ queryKey: keys.raw(client.token, uuid), queryFn: () => client.raw(uuid) });
  return raw.data === undefined ? <p className="muted">Loading…</p> : <pre className="code">{raw.data}</pre>;
}

function Attachments({ message }: { message: Message }) {
  const client = useClient();
  if (message.attachments.length === 0) return <p className="muted">No attachments.</p>;
  return (
    <ul className="attachments">
      {message.attachments.map((a) => (
        <li key={a.index}>
          {a.content_type.startsWith('image/') && !a.content_type.includes('svg') && (
            <img
              src={client.urls.attachment(message.uuid, a.index)}
              alt={`Preview of ${a.filename}`}
              className="thumb"
            />
          )}
          <a href={client.urls.attachment(message.uuid, a.index)} download={a.filename}>
            {a.filename}
          </a>{' '}
          <span className="muted">
            {a.content_type}, {a.size.toLocaleString()} bytes{a.content_id === null ? '' : `, cid:${a.content_id}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

function LinksAndCodes({ message }: { message: Message }) {
  return (
    <div className="links">
      <h2>One-time codes</h2>
      {message.codes.length === 0 ? (
        <p className="muted">No codes found.</p>
      ) : (
        <ul>
          {message.codes.map((code) => (
            <li key={code}>
              <code>{code}</code> <CopyButton text={code} label={`Copy code ${code}`} />
            </li>
          ))}
        </ul>
      )}
      <h2>Links</h2>
      {message.link_details.length === 0 ? (
        <p className="muted">No links.</p>
      ) : (
        <ul aria-label="Links">
          {/* What the reader clicks first ("Confirm your subscription"), then where it goes: a URL alone rarely says which link it is. */}
          {message.link_details.map(({ url, text }) => (
            <li key={url}>
              {text !== null && <span className="link-text">{text}</span>}
              <a href={url} target="_blank" rel="noopener noreferrer">
                {url}
              </a>{' '}
              <CopyButton text={url} label={`Copy link ${url}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A campaign or list the mail came from: its name (or uuid, once deleted), linking to the inbox's search for its mails. */
function OriginLink({ kind, origin }: { kind: 'campaign' | 'list'; origin: { uuid: string; name: string | null } }) {
  const query = `${kind}:${origin.uuid}`;
  return (
    <Link href={`/?q=${encodeURIComponent(query)}`} aria-label={`Mails of ${kind} ${origin.name ?? origin.uuid}`}>
      {origin.name ?? <code>{origin.uuid}</code>}
    </Link>
  );
}

/** `/templates/<name>`, with the replacements the mail was sent with (studio/url-state.ts reads them). */
function studioLink(template: string, replacements: Message['replacements']): string {
  const path = `/templates/${encodeURIComponent(template)}`;
  if (replacements === null || Object.keys(replacements).length === 0) return path;
  return `${path}?${new URLSearchParams({ replacements: JSON.stringify(replacements) })}`;
}

/** The Message-ID the mail carries: its header's, never one made up for a mail that has none (the Checks tab says so). */
function messageIdOf(message: Message): string | null {
  return message.headers.find((header) => header.name.toLowerCase() === 'message-id')?.value ?? null;
}

function MailcoachRecords({ message }: { message: Message }) {
  const messageId = messageIdOf(message);
  const envelope = (
    <>
      <dt>Envelope from</dt>
      <dd>{message.envelope.from}</dd>
      <dt>Envelope to (Bcc included)</dt>
      <dd>{message.envelope.to.join(', ')}</dd>
    </>
  );
  const messageIdRow = (
    <>
      <dt>Message-ID</dt>
      <dd>{messageId ?? '(none: the mail has no Message-ID header)'}</dd>
    </>
  );
  // Mail received over SMTP never went through Mailcoach: it has no template, log item, send or replacements.
  if (message.via === 'smtp') {
    return (
      <dl className="records">
        <dt>Received</dt>
        <dd>over SMTP, not through the Mailcoach API: no template, log item, send or replacements</dd>
        {envelope}
        {messageIdRow}
      </dl>
    );
  }
  /** The campaign mail's subscriber, by the address it went to (the mail's To). */
  const subscriberEmail = message.to[0]?.email ?? message.subscriber_uuid;
  return (
    <dl className="records">
      {envelope}
      <dt>Template</dt>
      <dd>
        {message.template === null ? (
          '(inline content, no template)'
        ) : (
          // The studio, previewing this mail's own replacements (issue 41 finding 12).
          <Link
            href={studioLink(message.template, message.replacements)}
            aria-label={`Template ${message.template} in the studio`}
          >
            {message.template}
          </Link>
        )}
      </dd>
      <dt>Transactional log item</dt>
      <dd>
        {message.log_item_uuid === null ? (
          message.campaign !== null || message.email_list !== null ? (
            '(none: a campaign or list mail)'
          ) : (
            '(not stored)'
          )
        ) : (
          <Link href={`/log/${message.log_item_uuid}`} aria-label={`Log item ${message.log_item_uuid}`}>
            <code>{message.log_item_uuid}</code>
          </Link>
        )}
      </dd>
      <dt>Send</dt>
      <dd>
        {message.send_uuid === null ? (
          '(none)'
        ) : message.log_item_uuid !== null ? (
          // The sends page filtered on the log item: the send's row, with its state and the simulations.
          <Link
            href={`/sends?log_item=${encodeURIComponent(message.log_item_uuid)}`}
            aria-label={`Send ${message.send_uuid}`}
          >
            <code>{message.send_uuid}</code>
          </Link>
        ) : message.campaign !== null && message.subscriber_uuid !== null ? (
          // A campaign's send to this subscriber: the one row of the sends page filtered on both.
          <Link
            href={`/sends?campaign=${encodeURIComponent(message.campaign.uuid)}&subscriber=${encodeURIComponent(message.subscriber_uuid)}`}
            aria-label={`Send ${message.send_uuid}`}
          >
            <code>{message.send_uuid}</code>
          </Link>
        ) : (
          <code>{message.send_uuid}</code>
        )}
      </dd>
      {message.campaign !== null || message.email_list !== null ? (
        <>
          <dt>Campaign</dt>
          <dd>
            {message.campaign === null ? (
              '(none: a double opt-in mail)'
            ) : (
              <>
                <OriginLink kind="campaign" origin={message.campaign} />
                {' · '}
                <Link href={`/campaigns/${encodeURIComponent(message.campaign.uuid)}`}>Campaign page</Link>
              </>
            )}
          </dd>
          <dt>Email list</dt>
          <dd>{message.email_list === null ? '(none)' : <OriginLink kind="list" origin={message.email_list} />}</dd>
          <dt>Subscriber</dt>
          <dd>
            {message.subscriber_uuid === null ? (
              '(an address outside the list: a test send)'
            ) : (
              // The audience pages show the subscriber.
              <Link
                href={`/subscribers/${encodeURIComponent(message.subscriber_uuid)}`}
                aria-label={`Subscriber ${subscriberEmail}`}
                title={message.subscriber_uuid}
              >
                {subscriberEmail}
              </Link>
            )}
          </dd>
        </>
      ) : null}
      {messageIdRow}
      <dt>Replacements</dt>
      <dd>
        {message.replacements === null ? (
          '(none)'
        ) : (
          <pre className="code">{JSON.stringify(message.replacements, null, 2)}</pre>
        )}
      </dd>
    </dl>
  );
}
