/** The controls page's seed: a fixture file's JSON applied to the workspace, or a 422's problems by field (nothing written). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FixtureFile, SeedCounts } from '../../../server/testing/client.js';
import { useClient } from '../api.js';
import { fieldErrors, Form, type FieldErrors } from '../forms.js';

// Every kind of row a seed takes (server/fixtures/schema.ts), the audience's nested in its list, so that the
// placeholder shows how they hang together: a campaign and an automation name their list.
const EXAMPLE_SEED = `{
  "templates": [
    { "name": "hello", "type": "html", "subject": "Hello ::name::", "body": "<p>Hi ::name::</p>" }
  ],
  "suppressions": [{ "email": "blocked@example.com", "reason": "hard_bounce" }],
  "transactional_mails": [],
  "sends": [],
  "email_lists": [
    { "name": "News", "default_from_email": "news@example.com",
      "tags": [{ "name": "vip" }],
      "subscribers": [{ "email": "jane@example.com", "first_name": "Jane", "tags": ["vip"] }],
      "segments": [{ "name": "VIPs", "positive_tags": ["vip"] }] }
  ],
  "campaign_templates": [{ "name": "Plain", "html": "<html><body>[[[content]]]</body></html>" }],
  "campaigns": [{ "name": "March news", "email_list": "News", "html": "<p>Hi ::subscriber.first_name::</p>" }],
  "automations": [{ "name": "Welcome", "email_list": "News" }]
}`;

/** What POST /_emulator/seed answers it added, in the order the help names them. */
const SEEDED: Array<[keyof SeedCounts, string, string]> = [
  ['templates', 'template', 'templates'],
  ['suppressions', 'suppression', 'suppressions'],
  ['transactional_mails', 'log item', 'log items'],
  ['sends', 'send', 'sends'],
  ['email_lists', 'email list', 'email lists'],
  ['subscribers', 'subscriber', 'subscribers'],
  ['campaign_templates', 'campaign template', 'campaign templates'],
  ['campaigns', 'campaign', 'campaigns'],
  ['automations', 'automation', 'automations'],
];

/** "1 suppression, 2 email lists, 5 subscribers": the kinds the document held; "nothing" for an empty one. */
function seededText(counts: SeedCounts): string {
  const parts = SEEDED.filter(([key]) => counts[key] > 0).map(
    ([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`,
  );
  return parts.length === 0 ? 'nothing (the document has no rows)' : parts.join(', ');
}

type SeedState =
  | { kind: 'done'; counts: SeedCounts }
  | { kind: 'invalid'; errors: FieldErrors; document: unknown }
  | null;

export function Seed() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [state, setState] = useState<SeedState>(null);
  const seed = useMutation({
    mutationFn: async (): Promise<NonNullable<SeedState>> => {
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch (error) {
        return { kind: 'invalid', errors: { document: [`Not JSON: ${(error as Error).message}`] }, document: null };
      }
      try {
        return { kind: 'done', counts: await client.seed(document as FixtureFile) };
      } catch (error) {
        return { kind: 'invalid', errors: fieldErrors(error), document };
      }
    },
    onMutate: () => setState(null),
    onSuccess: (result) => {
      setState(result);
      if (result.kind === 'done') void queryClient.invalidateQueries();
    },
  });
  return (
    <section className="box" aria-labelledby="seed-title">
      <h2 id="seed-title">Seed</h2>
      <p className="help">
        A fixture file's JSON (<code>fixtures/README.md</code>), with any of <code>templates</code>,{' '}
        <code>suppressions</code>, <code>transactional_mails</code> (log items), <code>sends</code>,{' '}
        <code>email_lists</code> (each with its <code>subscribers</code>, <code>tags</code> and <code>segments</code>),{' '}
        <code>campaign_templates</code>, <code>campaigns</code> and <code>automations</code>, applied as the fixtures
        are: rows that exist are kept, so seeding twice adds nothing. A document with a problem changes nothing.{' '}
        <code>body_file</code> and <code>html_file</code> cannot be used here: give <code>body</code> and{' '}
        <code>html</code>.
      </p>
      <Form className="stack" onSubmit={() => seed.mutate()}>
        <label>
          Fixture file
          <input
            type="file"
            accept=".json,application/json"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file === undefined) return;
              setFileName(file.name);
              void file.text().then(setText);
            }}
          />
        </label>
        <label htmlFor="seed-json">or the JSON{fileName === null ? '' : ` (from ${fileName})`}</label>
        <textarea
          id="seed-json"
          className="records-json"
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={EXAMPLE_SEED}
          spellCheck={false}
        />
        <div>
          <button type="submit" disabled={seed.isPending || text.trim() === ''}>
            Seed the workspace
          </button>
        </div>
      </Form>
      <div role="status">{state?.kind === 'done' && <p className="ok-box">Seeded: {seededText(state.counts)}.</p>}</div>
      {state?.kind === 'invalid' && (
        <div className="alert-box" role="alert" aria-labelledby="seed-errors-title">
          <strong id="seed-errors-title">The document was not seeded; nothing changed.</strong>
          <ul className="error-list" aria-label="Seed errors">
            {Object.entries(state.errors).map(([field, messages]) => (
              <li key={field}>
                {field !== '_' && (
                  <>
                    <code>{field}</code>
                    <ValueAt document={state.document} path={field} />:{' '}
                  </>
                )}
                {messages.join(' ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The value a field error names (`templates.0.type`), when the document has one there. */
function ValueAt({ document, path }: { document: unknown; path: string }) {
  let value: unknown = document;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[part];
  }
  if (value === undefined || (typeof value === 'object' && value !== null)) return null;
  return <span className="muted"> (is {JSON.stringify(value)})</span>;
}
