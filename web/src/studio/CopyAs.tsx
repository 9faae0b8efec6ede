import { useState } from 'react';
import { CopyButton } from '../components/CopyButton.js';
import { useApiToken } from './api-token.js';
import { sendSnippets } from './snippets.js';
import type { Replacements } from './url-state.js';

/** The send with the current replacements, as curl, PHP SDK and Laravel code. */
export function CopyAs({
  name,
  from,
  to,
  replacements,
}: {
  name: string;
  from: string;
  to: string;
  replacements: Replacements;
}) {
  const { token } = useApiToken();
  const snippets = sendSnippets({ api: `${window.location.origin}/api`, token, name, from, to, replacements });
  const [active, setActive] = useState(0);
  const [label, code] = snippets[active]!;
  return (
    <section className="copy-as" aria-labelledby="copy-as-title">
      <h2 id="copy-as-title">Copy as</h2>
      <div role="tablist" aria-label="Snippet language" className="tabs">
        {snippets.map(([snippetLabel], i) => (
          <button
            key={snippetLabel}
            type="button"
            role="tab"
            id={`copy-as-tab-${i}`}
            aria-controls="copy-as-panel"
            aria-selected={i === active}
            onClick={() => setActive(i)}
          >
            {snippetLabel}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="copy-as-panel" aria-labelledby={`copy-as-tab-${active}`} className="snippet">
        <pre className="code">{code}</pre>
        <CopyButton text={code} label={`Copy the ${label} snippet`} />
      </div>
    </section>
  );
}
