/** Asked once per tab when the emulator wants a token for its UI (bound beyond loopback). */
import { useState, type FormEvent } from 'react';

export function TokenPrompt({
  message,
  rejected,
  onToken,
}: {
  message: string;
  rejected: boolean;
  onToken: (token: string) => void;
}) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() !== '') onToken(value.trim());
  };
  return (
    <main className="token-prompt">
      <form onSubmit={submit} aria-labelledby="token-title">
        <h1 id="token-title">mailcoach-emulator</h1>
        <p>{message}</p>
        {rejected && (
          <p role="alert" className="error">
            That token was not accepted.
          </p>
        )}
        <label htmlFor="token-input">API token</label>
        <input
          id="token-input"
          type="password"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoFocus
        />
        <button type="submit">Open the inbox</button>
      </form>
    </main>
  );
}
