import { useId, useState } from 'react';
import { FieldError, Form } from '../forms.js';
import { CapturedReplacements } from './CapturedReplacements.js';
import { parseReplacements, type Replacements } from './url-state.js';

interface ReplacementsProps {
  /** The template's name: the replacements of its captured sends are offered. */
  template: string;
  placeholders: string[];
  replacements: Replacements;
  urlError: string | null;
  onChange: (replacements: Replacements) => void;
}

/** Key/value rows, one per placeholder the template uses and per replacement given; or the whole object as JSON. */
export function ReplacementsEditor({ template, placeholders, replacements, urlError, onChange }: ReplacementsProps) {
  const id = useId();
  const [raw, setRaw] = useState<string | null>(null);
  const [rawError, setRawError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState('');
  const rows = [...new Set([...placeholders, ...Object.keys(replacements)])];

  const setValue = (key: string, value: string) => {
    const next = { ...replacements };
    // An emptied placeholder is left unreplaced (as a send without it would); another key keeps its row.
    if (value === '' && placeholders.includes(key)) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const removeKey = (key: string) => {
    const next = { ...replacements };
    delete next[key];
    onChange(next);
  };

  return (
    <section className="replacements" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`}>Replacements</h2>
        <button
          type="button"
          aria-pressed={raw !== null}
          onClick={() => {
            setRawError(null);
            setRaw(raw === null ? JSON.stringify(replacements, null, 2) : null);
          }}
        >
          Edit as JSON
        </button>
      </div>
      {urlError !== null && <p className="field-error">The link’s replacements were not used: {urlError}</p>}
      <CapturedReplacements
        name={template}
        filled={Object.keys(replacements).length > 0 || urlError !== null}
        onUse={onChange}
      />
      {raw !== null ? (
        <div className="field">
          <label htmlFor={`${id}-json`}>Replacements as JSON</label>
          <textarea
            id={`${id}-json`}
            className="json"
            rows={Math.min(14, raw.split('\n').length + 1)}
            value={raw}
            spellCheck={false}
            aria-invalid={rawError !== null}
            aria-describedby={`${id}-json-error`}
            onChange={(event) => {
              setRaw(event.target.value);
              const parsed = parseReplacements(event.target.value);
              setRawError(parsed.error);
              if (parsed.value !== null) onChange(parsed.value);
            }}
          />
          <FieldError id={`${id}-json-error`} messages={rawError === null ? undefined : [rawError]} />
        </div>
      ) : (
        <>
          {rows.length === 0 && <p className="muted">This template uses no placeholders.</p>}
          <div className="replacement-rows">
            {rows.map((key, i) => {
              const value = replacements[key];
              const shown = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
              return (
                <div className="replacement-row" key={key}>
                  <label htmlFor={`${id}-value-${i}`}>
                    <code>{key}</code>
                  </label>
                  <input
                    id={`${id}-value-${i}`}
                    value={shown}
                    placeholder={placeholders.includes(key) ? `::${key}::` : ''}
                    onChange={(event) => setValue(key, event.target.value)}
                  />
                  {placeholders.includes(key) ? (
                    <span className="row-spacer" />
                  ) : (
                    <button
                      type="button"
                      className="copy"
                      aria-label={`Remove replacement ${key}`}
                      title="Not used by the template"
                      onClick={() => removeKey(key)}
                    >
                      Remove
                    </button>
                  )}
                </div>
              );
            })}
          </div>
          <Form
            className="inline-form add-replacement"
            onSubmit={() => {
              const key = newKey.trim();
              if (key === '' || key in replacements) return;
              onChange({ ...replacements, [key]: '' });
              setNewKey('');
            }}
          >
            <input
              aria-label="Name of a replacement to add"
              placeholder="another_key"
              value={newKey}
              onChange={(event) => setNewKey(event.target.value)}
            />
            <button type="submit">Add replacement</button>
          </Form>
        </>
      )}
    </section>
  );
}
