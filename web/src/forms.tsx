/**
 * Forms, errors and the page title, as every page shows them: a form that stays on the page, the text of a failed
 * call (a 422's field messages included), its errors by field, the messages no control shows, a field's error line,
 * and the tab's title.
 */
import { useEffect, type ComponentProps } from 'react';
import { EmulatorApiError, MailcoachApiError } from '../../server/testing/client.js';

/** The message a failed call carries: the server's `message` when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof EmulatorApiError || error instanceof MailcoachApiError) {
    const body = error.body as { message?: unknown; errors?: unknown } | string | null;
    if (typeof body === 'object' && body !== null && typeof body.message === 'string') {
      // A 422's field messages say more than its summary ("The given data was invalid.").
      const details =
        typeof body.errors === 'object' && body.errors !== null
          ? Object.values(body.errors)
              .flat()
              .filter((m) => typeof m === 'string' && m !== body.message)
          : [];
      return `${[body.message, ...details].join(' ')} (${error.status})`;
    }
    if (typeof body === 'string' && body !== '') return `${body.slice(0, 300)} (${error.status})`;
    return `${error.status}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

export type FieldErrors = Record<string, string[]>;

/** A 422's `errors` by field (from either API), or `{_: [message]}` for any other failure. */
export function fieldErrors(error: unknown): FieldErrors {
  if (error instanceof EmulatorApiError || error instanceof MailcoachApiError) {
    const body = error.body as { errors?: FieldErrors } | null;
    if (error.status === 422 && typeof body === 'object' && body?.errors !== undefined) return body.errors;
  }
  return { _: [errorText(error)] };
}

/** The messages of the fields not shown beside a control of their own. */
export function otherErrors(errors: FieldErrors, shown: string[]): string[] {
  return Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([field, messages]) => messages.map((message) => (field === '_' ? message : `${field}: ${message}`)));
}

/** A form that stays on the page: submitting it runs `onSubmit` instead of the browser's submission. */
export function Form({ onSubmit, ...props }: Omit<ComponentProps<'form'>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}

/** A select's options from [value, label] pairs. */
export function Options({ options }: { options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

export function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (messages === undefined || messages.length === 0) return null;
  return (
    <p className="field-error" id={id}>
      {messages.join(' ')}
    </p>
  );
}

export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · mailcoach-emulator`;
    return () => {
      document.title = 'Inbox · mailcoach-emulator';
    };
  }, [title]);
}
