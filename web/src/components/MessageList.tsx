/**
 * The inbox list, virtualised: only the rows on screen exist in the page, and only their pages of summaries are
 * fetched (messages.ts), so 100,000 messages scroll as smoothly as 10.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { MessageSummary } from '../../../server/testing/client.js';
import { DateTime } from '../dates.js';
import type { MessageList as List, RowRange } from '../messages.js';
import { TagChips } from './TagChips.js';

const ROW_HEIGHT = 68;

interface Props {
  list: List;
  /** Told which rows are on screen, so that their pages are fetched. */
  onRange: (range: RowRange) => void;
  openUuid: string | null;
  cursor: number;
  selected: ReadonlySet<string>;
  onToggle: (uuid: string) => void;
  /** The search a row's link keeps (`?q=…`, or ''): opened with the mouse as with the keyboard, the list stays filtered. */
  search: string;
}

export function MessageList({ list, onRange, openUuid, cursor, selected, onToggle, search }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = list.total ?? 0;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    onChange: (instance) => {
      const items = instance.getVirtualItems();
      const start = items[0]?.index ?? 0;
      const end = items[items.length - 1]?.index ?? start;
      onRange({ start, end });
    },
  });
  useEffect(() => {
    if (cursor >= 0 && cursor < count) virtualizer.scrollToIndex(cursor, { align: 'auto' });
  }, [cursor, count, virtualizer]);

  return (
    <div className="list-scroller" ref={scroller} tabIndex={-1}>
      <ul className="message-list" aria-label="Messages" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = list.at(item.index);
          return (
            <li
              key={item.key}
              className="row-slot"
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              aria-setsize={count}
              aria-posinset={item.index + 1}
            >
              {message === undefined ? (
                <div className="row placeholder" aria-hidden="true" />
              ) : (
                <Row
                  message={message}
                  open={message.uuid === openUuid}
                  current={item.index === cursor}
                  selected={selected.has(message.uuid)}
                  onToggle={onToggle}
                  search={search}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Row({
  message,
  open,
  current,
  selected,
  onToggle,
  search,
}: {
  message: MessageSummary;
  open: boolean;
  current: boolean;
  selected: boolean;
  onToggle: (uuid: string) => void;
  search: string;
}) {
  const from = message.from === null ? '(no sender)' : message.from.name || message.from.email;
  const to = message.to.map((a) => a.name || a.email).join(', ');
  const className = ['row', message.read ? 'read' : 'unread', open ? 'open' : '', current ? 'current' : ''].join(' ');
  return (
    <div className={className}>
      <input
        type="checkbox"
        aria-label={`Select “${message.subject || '(no subject)'}”`}
        checked={selected}
        onChange={() => onToggle(message.uuid)}
      />
      <Link href={`/messages/${message.uuid}${search}`} className="row-link" aria-current={open ? 'page' : undefined}>
        <span className="row-top">
          <span className="from">
            {!message.read && <span className="unread-dot" aria-label="Unread" role="img" />}
            {from}
          </span>
          <DateTime iso={message.created_at} compact />
        </span>
        <span className="row-subject">
          {message.attachments > 0 && <AttachmentMark count={message.attachments} />}
          {message.template !== null && <span className="badge template">{message.template}</span>}
          {message.origin !== null && <OriginBadge origin={message.origin} />}
          {message.problems !== null && message.problems > 0 && <ProblemsMark count={message.problems} />}
          {message.via === 'smtp' && (
            <span className="badge via-smtp" title="Received over SMTP, not through the Mailcoach API">
              SMTP
            </span>
          )}
          <TagChips tags={message.tags} />
          <span className="subject">{message.subject || '(no subject)'}</span>
        </span>
        <span className="row-snippet">
          <span className="to">to {to || '(none)'}</span> · {message.snippet}
        </span>
      </Link>
    </div>
  );
}

/**
 * A campaign's mail (or a test of one) and a double opt-in confirmation, marked as a template mail is by its
 * template's name: what sent the mail is the first thing a reader of a mixed inbox asks.
 */
function OriginBadge({ origin }: { origin: 'campaign' | 'confirmation' }) {
  return (
    <span
      className={`badge origin-${origin}`}
      title={
        origin === 'campaign'
          ? 'Sent by a campaign (or a test send of one)'
          : 'The double opt-in confirmation mail of an email list'
      }
    >
      {origin === 'campaign' ? 'Campaign' : 'Confirmation'}
    </span>
  );
}

/**
 * The checks found something wrong for every reader (a placeholder left, a broken link, a missing header): the
 * count the Checks tab lists under Problems (README "Mail checks"; search: has:problems).
 */
function ProblemsMark({ count }: { count: number }) {
  const name = count === 1 ? '1 problem' : `${count} problems`;
  return (
    <span className="badge problems-mark" title={`The checks found ${name}: see the Checks tab`}>
      {name}
    </span>
  );
}

/** A paperclip drawn inline (an emoji's look depends on the system's fonts), named by how many files are attached. */
function AttachmentMark({ count }: { count: number }) {
  const name = count === 1 ? '1 attachment' : `${count} attachments`;
  return (
    <span className="badge attachment-mark" role="img" aria-label={name} title={name}>
      <svg
        viewBox="0 0 24 24"
        width="12"
        height="12"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48" />
      </svg>
    </span>
  );
}
