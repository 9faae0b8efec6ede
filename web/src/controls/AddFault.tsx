/** A fault rule from a preset (route, recipient, times) or raw JSON, with the rule it makes shown as JSON. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FaultRuleInput } from '../../../server/testing/client.js';
import { useClient } from '../api.js';
import { fieldErrors, Form, type FieldErrors } from '../forms.js';
import type { FaultSmtpCommand } from '../../../server/testing/client.js';
import { PRESETS, presetRule, SEND_ROUTE, SMTP_COMMANDS, SMTP_DEFAULT, smtpRule, type PresetId } from './faults.js';

export function AddFault({ onAdded }: { onAdded: () => void }) {
  const client = useClient();
  const [preset, setPreset] = useState<PresetId>('server-error');
  const [route, setRoute] = useState(SEND_ROUTE);
  const [recipient, setRecipient] = useState('');
  const [times, setTimes] = useState('');
  const [json, setJson] = useState('');
  const [command, setCommand] = useState<FaultSmtpCommand>(SMTP_DEFAULT.command);
  const [code, setCode] = useState(SMTP_DEFAULT.code);
  const [message, setMessage] = useState(SMTP_DEFAULT.message);
  const [errors, setErrors] = useState<FieldErrors>({});
  const rule = (): FaultRuleInput => {
    if (preset === 'json') return JSON.parse(json) as FaultRuleInput;
    const base = preset === 'smtp' ? smtpRule(command, code, message, recipient) : presetRule(preset, route, recipient);
    return times.trim() === '' ? base : { ...base, times: Number(times) };
  };
  const add = useMutation({
    mutationFn: async () => {
      let input: FaultRuleInput;
      try {
        input = rule();
      } catch (error) {
        throw new Error(`Not JSON: ${(error as Error).message}`);
      }
      return client.faults.add(input);
    },
    onMutate: () => setErrors({}),
    onSuccess: () => onAdded(),
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const help = PRESETS.find((p) => p.id === preset)?.help ?? '';
  let preview = '';
  if (preset !== 'json') {
    try {
      preview = JSON.stringify(rule(), null, 2);
    } catch {
      preview = '';
    }
  }
  return (
    <Form className="stack" aria-labelledby="add-fault-title" onSubmit={() => add.mutate()}>
      <h3 id="add-fault-title" className="visually-hidden">
        Add a fault rule
      </h3>
      <div className="row-form">
        <label>
          Preset
          <select
            value={preset}
            onChange={(event) => {
              const next = event.target.value as PresetId;
              if (next === 'json' && json.trim() === '') setJson(preview);
              setPreset(next);
            }}
          >
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        {preset === 'smtp' && (
          <>
            <div className="row-field">
              <label htmlFor="fault-smtp-command">SMTP command</label>
              <select
                id="fault-smtp-command"
                value={command}
                onChange={(event) => setCommand(event.target.value as FaultSmtpCommand)}
              >
                {SMTP_COMMANDS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <label>
              Reply code
              <input
                type="number"
                min={400}
                max={599}
                step={1}
                required
                value={code}
                onChange={(event) => setCode(event.target.value)}
                style={{ width: '6em' }}
                aria-invalid={errors['reply.code'] !== undefined}
              />
            </label>
            <label className="grow">
              Reply text
              <input
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                placeholder="a standard text"
                spellCheck={false}
                aria-invalid={errors['reply.message'] !== undefined}
              />
            </label>
            {(command === 'RCPT' || command === 'DATA') && (
              <label>
                Recipient (optional)
                <input
                  value={recipient}
                  onChange={(event) => setRecipient(event.target.value)}
                  placeholder="any; * matches"
                  spellCheck={false}
                  aria-invalid={errors.recipient !== undefined}
                />
              </label>
            )}
          </>
        )}
        {preset !== 'json' && preset !== 'recipient-422' && preset !== 'smtp' && (
          <label className="grow">
            Route
            <input
              value={route}
              onChange={(event) => setRoute(event.target.value)}
              placeholder="any route"
              spellCheck={false}
            />
          </label>
        )}
        {preset === 'recipient-422' && (
          <label className="grow">
            Recipient
            <input
              type="email"
              value={recipient}
              onChange={(event) => setRecipient(event.target.value)}
              placeholder="jane@example.com"
              required
              aria-invalid={errors.recipient !== undefined}
            />
          </label>
        )}
        {preset !== 'json' && (
          <label>
            Times (empty: always)
            <input
              type="number"
              min={1}
              step={1}
              value={times}
              onChange={(event) => setTimes(event.target.value)}
              style={{ width: '9em' }}
            />
          </label>
        )}
        <button type="submit" disabled={add.isPending}>
          Add rule
        </button>
      </div>
      <p className="help">{help}</p>
      {preset === 'json' ? (
        <>
          <label htmlFor="fault-json">Rule (JSON)</label>
          <textarea
            id="fault-json"
            className="records-json"
            rows={6}
            value={json}
            onChange={(event) => setJson(event.target.value)}
            spellCheck={false}
            placeholder='{"route": "/api/transactional-mails/send", "status": 503}'
          />
        </>
      ) : (
        <details>
          <summary>The rule as JSON</summary>
          <pre className="records-code">{preview}</pre>
        </details>
      )}
      {Object.keys(errors).length > 0 && (
        <ul className="error-list field-error" role="alert" aria-label="Fault rule errors">
          {Object.entries(errors).map(([field, messages]) => (
            <li key={field}>
              {field === '_' ? '' : <code>{field}</code>}
              {field === '_' ? '' : ': '}
              {messages.join(' ')}
            </li>
          ))}
        </ul>
      )}
    </Form>
  );
}
