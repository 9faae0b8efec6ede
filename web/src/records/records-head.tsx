/** What every records page starts with: its title with the live badge and a lead, and its filter form. */
import type { ReactNode } from 'react';
import { Form, Options } from '../forms.js';
import type { LiveState } from '../live.js';
import { LiveBadge } from './common.js';

export function RecordsTitle({ title, live, children }: { title: string; live: LiveState; children: ReactNode }) {
  return (
    <>
      <h1>
        {`${title} `}
        <LiveBadge state={live} />
      </h1>
      <p className="lead muted">{children}</p>
    </>
  );
}

interface FilterFormProps {
  /** The search landmark's name. */
  label: string;
  /** Applies what was typed. */
  onSubmit: () => void;
  /** The filter fields. */
  children: ReactNode;
  sort: SortProps;
  /** The submit button's text. */
  submit: string;
  /** After the submit button. */
  after?: ReactNode;
}

/** A records page's filter form: its filters, its sort, the submit button. */
export function FilterForm({ label, onSubmit, children, sort, submit, after }: FilterFormProps) {
  return (
    <Form className="filters" role="search" aria-label={label} onSubmit={onSubmit}>
      {children}
      <SortSelect {...sort} />
      <button type="submit">{submit}</button>
      {after}
    </Form>
  );
}

interface SortProps {
  value: string;
  /** [value, label] */
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}

function SortSelect({ value, options, onChange }: SortProps) {
  return (
    <label>
      Sort
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <Options options={options} />
      </select>
    </label>
  );
}
