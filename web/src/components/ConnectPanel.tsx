/** Shown while the inbox is empty: how to point an app at this emulator, with snippets to copy. */
import { useState } from 'react';
import type { EmulatorSettings } from '../../../server/testing/client.js';
import { connectSnippets } from '../snippets.js';
import { CopyButton } from './CopyButton.js';

export function ConnectPanel({ settings, token }: { settings: EmulatorSettings | null; token: string | null }) {
  const api = `${window.location.origin}/api`;
  const shownToken = token ?? settings?.tokens[0] ?? 'your-token';
  const smtpPort = settings?.smtp.port ?? null;
  // The host the browser reached: bound to 0.0.0.0 the emulator has no one address to name, and this one works.
  const smtp = smtpPort === null ? null : { host: window.location.hostname, port: smtpPort };
  const snippets = connectSnippets(api, shownToken, smtp);
  const [active, setActive] = useState(0);
  const [name, code] = snippets[active]!;
  return (
    <section className="connect" aria-labelledby="connect-title">
      <h2 id="connect-title">No mail yet: connect your app</h2>
      <dl>
        <dt>Mailcoach API base URL</dt>
        <dd>
          <code>{api}</code> <CopyButton text={api} label="Copy the API base URL" />
        </dd>
        <dt>Token</dt>
        <dd>
          <code>{shownToken}</code> <CopyButton text={shownToken} label="Copy the token" />
        </dd>
        {smtp !== null && (
          <>
            <dt>SMTP</dt>
            <dd>
              <code>{`${smtp.host}:${smtp.port}`}</code>{' '}
              <CopyButton text={`${smtp.host}:${smtp.port}`} label="Copy the SMTP address" />
            </dd>
          </>
        )}
      </dl>
      <div role="tablist" aria-label="Snippets" className="tabs">
        {snippets.map(([label], i) => (
          <button key={label} type="button" role="tab" aria-selected={i === active} onClick={() => setActive(i)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={name} className="snippet">
        <pre className="code">{code}</pre>
        <CopyButton text={code} label={`Copy the ${name} snippet`} />
      </div>
      <p className="muted">Every mail your app sends appears here at once. Nothing is ever delivered.</p>
    </section>
  );
}
