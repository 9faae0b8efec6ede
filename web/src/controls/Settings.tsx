/** The emulator's effective settings (command-line options and environment), read-only. */
import { errorText } from '../forms.js';
import { useSettings } from '../records/common.js';

const WEBHOOK_RETRIES = {
  mailcoach: "as Mailcoach: 5 tries, 10 s, 100 s, 1000 s and 10000 s apart on the emulator's clock",
  fast: 'fast: 5 tries within a few seconds',
  off: 'off: one try',
} as const;

export function Settings() {
  const settings = useSettings();
  const s = settings.data;
  return (
    <section className="box" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <p className="help">
        The effective settings of this emulator (its command-line options and environment), read-only.
      </p>
      {settings.isError && <p className="alert-box">{errorText(settings.error)}</p>}
      {s !== undefined && (
        <dl className="kv" aria-label="Settings">
          <dt>API tokens</dt>
          <dd>
            {s.any_token ? (
              'any non-empty token'
            ) : s.tokens.length === 0 ? (
              <span className="muted">not shown (a token is required here)</span>
            ) : (
              s.tokens.map((t) => <code key={t}>{t} </code>)
            )}
          </dd>
          <dt>Token for the UI</dt>
          <dd>{s.token_required ? 'required' : 'not needed (loopback)'}</dd>
          <dt>Isolation</dt>
          <dd>{s.isolate ? 'one workspace per token (--isolate)' : 'off: every token shares one workspace'}</dd>
          <dt>Mailers</dt>
          <dd>{s.mailers.join(', ')}</dd>
          <dt>Rate limit</dt>
          <dd>{s.rate_limit === null ? 'off' : `${s.rate_limit} requests per minute per token`}</dd>
          <dt>Largest body</dt>
          <dd>{(s.max_body_bytes / 1024 / 1024).toLocaleString()} MB</dd>
          <dt>Render workers</dt>
          <dd>{s.render_workers}</dd>
          <dt>Fixtures</dt>
          <dd>{s.fixtures === null ? 'none (--no-fixtures)' : <code>{s.fixtures}</code>}</dd>
          <dt>Watch</dt>
          <dd>{s.watch ? 'on: fixture files are reloaded when they change' : 'off'}</dd>
          <dt>Webhooks (--webhook)</dt>
          <dd>
            {s.webhooks.length === 0 ? (
              <span className="muted">none: configure them on the Webhooks page or in the fixtures</span>
            ) : (
              s.webhooks.map((url) => <code key={url}>{url} </code>)
            )}
          </dd>
          <dt>Webhook retries</dt>
          <dd>{WEBHOOK_RETRIES[s.webhook_retries]}</dd>
          <dt>Spam-complaint deletion</dt>
          <dd>
            {s.allow_spam_complaint_deletion ? 'allowed (--allow-spam-complaint-deletion)' : 'refused with a 403'}
          </dd>
        </dl>
      )}
    </section>
  );
}
