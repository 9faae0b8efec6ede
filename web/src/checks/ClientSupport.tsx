/**
 * The client-support part of a checks report (caniemail's data): the features some clients lack, one line per kind
 * of feature, and each family's score, each opening on its details (issue 41 finding 4: the `<body>` warning named
 * some 20 clients on every HTML mail, an MJML mail had 31 such lines).
 */
import type { ChecksReport } from '../../../server/testing/client.js';

type Feature = ChecksReport['compatibility']['features'][number];
type Client = ChecksReport['compatibility']['clients'][number];

const KINDS: Array<[Feature['kind'], string]> = [
  ['element', 'HTML elements'],
  ['attribute', 'HTML attributes'],
  ['css', 'CSS properties'],
  ['selector', 'CSS selectors'],
  ['at-rule', 'CSS at-rules'],
];

export function ClientSupport({ report }: { report: ChecksReport }) {
  const { features, clients, source } = report.compatibility;
  if (features.length === 0 && clients.length === 0) return null;
  const families = familyScores(clients);
  return (
    <>
      <h3>Client support</h3>
      {features.length > 0 && (
        <ul aria-label="Features some clients lack">
          {KINDS.map(([kind, title]) => {
            const ofKind = features.filter((feature) => feature.kind === kind);
            if (ofKind.length === 0) return null;
            return (
              <li key={kind}>
                <details>
                  <summary>
                    {title}: {ofKind.length} <span className="muted">({ofKind.map((f) => f.feature).join(', ')})</span>
                  </summary>
                  <ul>
                    {ofKind.map((feature) => (
                      <li key={feature.feature}>
                        <FeatureLine feature={feature} />
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            );
          })}
        </ul>
      )}
      {families.length > 0 && (
        <ul aria-label="Client scores" className="client-scores">
          {families.map(({ family, score, platforms }) => (
            <li key={family}>
              <details>
                <summary>
                  {family}: {score}%
                </summary>
                <ul>
                  {platforms.map((client) => (
                    <li key={client.client}>
                      {client.platform || client.client}: {client.score}%
                      <MissingFor client={client.client} features={features} />
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">
        From caniemail data of {source.data_updated} ({source.package}); a family's score is its lowest client's (a
        feature a client lacks counts 1, partial support ½).
      </p>
    </>
  );
}

function FeatureLine({ feature }: { feature: Feature }) {
  const lines = feature.lines.length === 1 ? `line ${feature.lines[0]}` : `lines ${feature.lines.join(', ')}`;
  return (
    <>
      <strong>{feature.feature}</strong> <span className="muted">— {lines}</span>
      {feature.unsupported.length > 0 && <div>Unsupported: {feature.unsupported.join(', ')}</div>}
      {feature.partial.length > 0 && <div>Partly supported: {feature.partial.join(', ')}</div>}
      {feature.notes.length > 0 && (
        <ul className="muted">
          {feature.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function MissingFor({ client, features }: { client: string; features: Feature[] }) {
  const lacking = features.filter((feature) => feature.unsupported.includes(client)).map((f) => f.feature);
  const partly = features.filter((feature) => feature.partial.includes(client)).map((f) => f.feature);
  if (lacking.length + partly.length === 0) return null;
  return (
    <span className="muted">
      {lacking.length > 0 && ` — lacks ${lacking.join(', ')}`}
      {partly.length > 0 && ` — partly ${partly.join(', ')}`}
    </span>
  );
}

/** Each family's worst client score, worst family first, with its clients. */
function familyScores(clients: Client[]) {
  const families = new Map<string, Client[]>();
  for (const client of clients) families.set(client.family, [...(families.get(client.family) ?? []), client]);
  return [...families]
    .map(([family, platforms]) => ({ family, platforms, score: Math.min(...platforms.map((c) => c.score)) }))
    .sort((a, b) => a.score - b.score || a.family.localeCompare(b.family));
}
