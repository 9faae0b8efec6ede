/**
 * The listing every records page ends with: the load error, the Laravel pager, the empty state, the table. The
 * pages differ only in their columns, their rows and what they say when nothing matches.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../forms.js';
import { Pager, type PageMeta } from './common.js';

interface RecordsListingProps<Row> {
  query: UseQueryResult<{ data: Row[]; meta: PageMeta }>;
  /** What failed to load, in "The … could not be loaded". */
  noun: string;
  /** The pager's label ("<label> pages") and the table's accessible name. */
  label: string;
  tableLabel: string;
  onPage: (page: number) => void;
  /** Shown when the page holds no row. */
  empty: ReactNode;
  /** The header row's cells. */
  columns: ReactNode;
  /** One <tr> per row, keyed. */
  row: (row: Row) => ReactNode;
}

export function RecordsListing<Row>({ query, noun, label, tableLabel, onPage, empty, columns, row }: RecordsListingProps<Row>) {
  return (
    <>
      {query.isError && (
        <p className="alert-box" role="alert">
          The {noun} could not be loaded: {errorText(query.error)}
        </p>
      )}
      {query.data !== undefined && (
        <>
          <Pager meta={query.data.meta} label={label} onPage={onPage} />
          {query.data.data.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <div className="records-table-wrap">
              <table className="records-table" aria-label={tableLabel}>
                <thead>
                  <tr>{columns}</tr>
                </thead>
                <tbody>{query.data.data.map(row)}</tbody>
              </table>
            </div>
          )}
        </>
      )}
    </>
  );
}
