/**
 * The replacements of a real send of this template, offered in the studio (issue 41 finding 12: replacements
 * started empty, so the first preview listed every placeholder as a problem). When the link names no replacements
 * and a mail sent with the template was captured, the newest one's fill the editor once; any of the last ten can be
 * chosen instead, and what was used links to its mail.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { keys, useClient } from '../api.js';
import { DateTime } from '../dates.js';
import type { Replacements } from './url-state.js';

interface Props {
  name: string;
  /** Whether the editor holds replacements already (the link's, or typed): then nothing is filled in. */
  filled: boolean;
  onUse: (replacements: Replacements) => void;
}

export function CapturedReplacements({ name, filled, onUse }: Props) {
  const client = useClient();
  const id = useId();
  const sent = useQuery({
    queryKey: keys.sentWith(client.token, name),
    queryFn: () => client.messages({ template: name }, { perPage: 10 }),
  });
  const sends = sent.data?.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const uuid = chosen ?? sends[0]?.uuid ?? null;
  const message = useQuery({
    queryKey: keys.message(client.token, uuid ?? ''),
    queryFn: () => client.message(uuid!),
    enabled: uuid !== null,
  });
  // `auto`: the newest send's fill an empty editor, once per page (a person who then clears it means it);
  // `chosen`: the send picked is used as it is; `done`: nothing more to fill.
  const mode = useRef<'auto' | 'chosen' | 'done'>(filled ? 'done' : 'auto');
  const [used, setUsed] = useState<string | null>(null);
  useEffect(() => {
    if (mode.current === 'done' || message.data === undefined || message.data.uuid !== uuid) return;
    const replacements = message.data.replacements ?? {};
    const auto = mode.current === 'auto';
    mode.current = 'done';
    if (auto && Object.keys(replacements).length === 0) return;
    setUsed(message.data.uuid);
    onUse(replacements);
  }, [message.data, uuid, onUse]);

  if (sends.length === 0) return null;
  const usedMessage = sends.find((send) => send.uuid === used);
  return (
    <div className="captured-replacements">
      {usedMessage !== undefined && (
        <p className="muted" role="status">
          Filled from <Link href={`/messages/${usedMessage.uuid}`}>the mail sent to {recipients(usedMessage)}</Link>{' '}
          <DateTime iso={usedMessage.created_at} />.
        </p>
      )}
      <div className="captured-send">
        <label htmlFor={`${id}-send`}>Replacements of a captured send</label>
        <select
          id={`${id}-send`}
          value={uuid ?? ''}
          onChange={(event) => {
            setChosen(event.target.value);
            mode.current = 'chosen';
          }}
        >
          {sends.map((send) => (
            <option key={send.uuid} value={send.uuid}>
              {send.subject || '(no subject)'} — to {recipients(send)} —{' '}
              {send.created_at.slice(0, 16).replace('T', ' ')}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function recipients(message: { to: Array<{ email: string }> }): string {
  return message.to.map((address) => address.email).join(', ') || '(none)';
}
