/** The search box: our query syntax, its examples, and the server's 422 text when a query is malformed. */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';

const EXAMPLES: Array<[string, string]> = [
  ['invoice', 'a word (or its start) in the subject, text or addresses'],
  ['"order shipped"', 'a phrase'],
  ['to:bob@example.com', 'a recipient: address, domain or name'],
  ['from:shop.test', 'a sender'],
  ['subject:welcome', 'words of the subject'],
  ['template:password-reset', 'sent with that template (mail: too)'],
  ['campaign:"March news"', "a campaign's mails (by name or uuid; list: for a list's)"],
  ['has:attachment', 'with attachments'],
  ['has:problems', 'its checks found a problem (a placeholder left, a broken link...)'],
  ['is:unread', 'not opened yet (is:read for the others)'],
  ['via:smtp', 'received over SMTP (via:api for the others)'],
  ['tag:signup', 'with that tag (from X-Tags or a plus-address)'],
  ['after:2025-03-01', 'captured after a date (before: too)'],
  ['larger:20kb', 'bigger than a size (smaller: too; bytes, kb or mb)'],
  ['reply-to:support@shop.test', 'a Reply-To address or name'],
  ['message-id:<a1b2@shop.test>', 'the mail with that Message-ID'],
  ['https://shop.test/orders/17', 'a pasted link: its words, in order'],
  ['-from:noreply@example.com', 'a leading - excludes'],
];

interface Props {
  query: string;
  error: string | null;
  onSearch: (query: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function SearchBox({ query, error, onSearch, inputRef }: Props) {
  const [text, setText] = useState(query);
  const [help, setHelp] = useState(false);
  useEffect(() => setText(query), [query]);
  const form = useRef<HTMLFormElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The syntax popover closes as a popover does: on a click outside it (its own toggle is inside the form) and on Esc.
  useEffect(() => {
    if (!help) return;
    const outside = (event: PointerEvent) => {
      if (!form.current?.contains(event.target as Node)) setHelp(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [help]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form
      className="search"
      role="search"
      onSubmit={submit}
      ref={form}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !help || event.target === inputRef.current) return;
        // Esc closes the popover only: the inbox's own Esc (close the open message) waits for the next one.
        event.stopPropagation();
        setHelp(false);
        toggle.current?.focus();
      }}
    >
      <input
        ref={inputRef}
        type="search"
        aria-label="Search messages"
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : 'search-error'}
        placeholder="Search: to:bob@example.com subject:welcome is:unread"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.currentTarget.blur();
            setHelp(false);
          }
        }}
      />
      <button type="submit">Search</button>
      <button
        type="button"
        ref={toggle}
        aria-expanded={help}
        aria-controls="search-help"
        onClick={() => setHelp(!help)}
        title="Search syntax"
      >
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">Search syntax</span>
      </button>
      {error !== null && (
        <p id="search-error" role="alert" className="search-error">
          {error}
        </p>
      )}
      {help && (
        <div id="search-help" className="popover" role="dialog" aria-label="Search syntax">
          <p>Terms are combined with AND. Click an example to use it.</p>
          <ul>
            {EXAMPLES.map(([example, meaning]) => (
              <li key={example}>
                <button
                  type="button"
                  className="example"
                  onClick={() => {
                    setText(example);
                    setHelp(false);
                    onSearch(example);
                  }}
                >
                  <code>{example}</code>
                </button>{' '}
                {meaning}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
