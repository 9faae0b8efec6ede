import { useState } from 'react';
import { Link } from 'wouter';
import { MailcoachApiError, type StudioTemplate } from '../../../server/testing/client.js';
import { clientFor, useClient } from '../api.js';
import { Form } from '../forms.js';
import { useApiToken } from './api-token.js';
import type { Replacements } from './url-state.js';

interface SendTestProps {
  template: StudioTemplate;
  dirty: boolean;
  replacements: Replacements;
  from: string;
  to: string;
  onFrom: (from: string) => void;
  onTo: (to: string) => void;
}

type SendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; uuid: string; subject: string }
  | { kind: 'failed'; message: string };

/** A real send through the Mailcoach API (`POST /api/transactional-mails/send`), then a link to the captured mail. */
export function SendTest({ template, dirty, replacements, from, to, onFrom, onTo }: SendTestProps) {
  const client = useClient();
  const [status, setStatus] = useState<SendState>({ kind: 'idle' });
  const { token: apiToken, elsewhere } = useApiToken();
  const send = async () => {
    setStatus({ kind: 'sending' });
    try {
      const sender = apiToken === client.token ? client : clientFor(apiToken);
      const newest = (await sender.messages('', { perPage: 1 })).data[0]?.uuid;
      await sender.mailcoach.sendTransactional({ mail_name: template.name, from, to, replacements });
      const message = await sender.waitForMessage({
        template: template.name,
        ...(newest === undefined ? {} : { after: newest }),
      });
      setStatus({ kind: 'sent', uuid: message.uuid, subject: message.subject });
    } catch (error) {
      setStatus({ kind: 'failed', message: sendError(error) });
    }
  };
  return (
    <section className="send-test" aria-labelledby="send-test-title">
      <h2 id="send-test-title">Send a test mail</h2>
      <Form onSubmit={() => void send()}>
        <div className="form-row">
          <label htmlFor="send-from">From</label>
          <input id="send-from" type="email" value={from} onChange={(event) => onFrom(event.target.value)} required />
          <label htmlFor="send-to">To</label>
          <input id="send-to" type="email" value={to} onChange={(event) => onTo(event.target.value)} required />
          <button
            type="submit"
            disabled={status.kind === 'sending' || dirty}
            aria-describedby={dirty ? 'send-test-unsaved' : undefined}
          >
            Send a test mail
          </button>
        </div>
        {/* The Mailcoach API sends a template by its name, as stored: an unsaved edit cannot go out, and a send of the
            saved version beside an edited preview would show something else than the screen. */}
        {dirty && (
          <p id="send-test-unsaved">
            Save your changes first: a test mail goes through the Mailcoach API, which sends the saved template, not
            what is on screen.
          </p>
        )}
        <p className="muted">
          Through <code>POST /api/transactional-mails/send</code>, with the replacements above; it is captured in the
          inbox, never delivered.
          {elsewhere && ` It lands in the workspace of token ${apiToken}: pick it in the header to see it.`}
        </p>
      </Form>
      <div role="status">
        {status.kind === 'sending' && <p className="muted">Sending…</p>}
        {status.kind === 'sent' && (
          <p>
            Sent and captured: <Link href={`/messages/${status.uuid}`}>open “{status.subject}” in the inbox</Link>
          </p>
        )}
      </div>
      {status.kind === 'failed' && (
        <p className="field-error" role="alert">
          {status.message}
        </p>
      )}
    </section>
  );
}

function sendError(error: unknown): string {
  if (error instanceof MailcoachApiError) {
    const body = error.body as { message?: string; errors?: Record<string, string[]> } | null;
    const details = Object.values(body?.errors ?? {}).flat();
    return `The send was refused (${error.status}): ${[body?.message ?? String(error.body), ...details.filter((d) => d !== body?.message)].join(' ')}`;
  }
  return error instanceof Error ? error.message : String(error);
}
