/**
 * The listing every records page ends with: the load error, the Laravel pager, the empty state, the table. The
 * pages differ only in their columns, their rows and what they say when nothing matches. On a narrow screen the
 * table is a stack of cards (records.css): each row a card headed by its row header, each other cell under its
 * column's name, which the cells carry as `data-label`.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { errorText } from '../forms.js';
import { Pager, type PageMeta } from './common.js';

interface RecordsListingProps<Row> {
  /**
   * The page's query and how it moves to another page (useRecordsQuery). A listing that is not paged (the webhook
   * configurations) has no `meta`, and no pager then.
   */
  records: { query: UseQueryResult<{ data: Row[]; meta?: PageMeta }>; update?: (changes: { page: number }) => void };
  /** What failed to load, in "The … could not be loaded". */
  noun: string;
  /** The pager's label ("<label> pages"), and the table's accessible name unless `tableLabel` gives one. */
  label: string;
  tableLabel?: string;
  /** Shown when the page holds no row. */
  empty: ReactNode;
  columns: readonly Column[];
  /**
   * One <tr> per row, keyed, its cells in the columns' order (each labelled with its column's name for the cards);
   * or a fragment: the row, then a row that spans the columns (a detail opened in place), which gets no labels.
   */
  row: (row: Row) => ReactNode;
}

export function RecordsListing<Row>({
  records: { query, update },
  noun,
  label,
  tableLabel = label,
  empty,
  columns,
  row,
}: RecordsListingProps<Row>) {
  const table = useRef<HTMLTableElement>(null);
  // After every render of the rows: the cards' labels, from the columns (the row header heads its card instead).
  // The pages' rows keep a fixed set of cells, so a row that re-renders on its own keeps its cells and their labels.
  useLayoutEffect(() => {
    for (const tr of table.current?.tBodies[0]?.rows ?? []) {
      if (tr.cells.length !== columns.length) continue;
      Array.from(tr.cells).forEach((cell, index) => {
        const name = columnName(columns[index]);
        if (name === null || cell.tagName === 'TH') cell.removeAttribute('data-label');
        else cell.setAttribute('data-label', name);
      });
    }
  });
  return (
    <>
      {query.isError && (
        <p className="alert-box" role="alert">
          The {noun} could not be loaded: {errorText(query.error)}
        </p>
      )}
      {query.data !== undefined && (
        <>
          {query.data.meta !== undefined && (
            <Pager meta={query.data.meta} label={label} onPage={(page) => update?.({ page })} />
          )}
          {query.data.data.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <div className="records-table-wrap records-cards">
              <table className="records-table" aria-label={tableLabel} ref={table}>
                <thead>
                  <tr>
                    <ColumnHeads columns={columns} />
                  </tr>
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

/** A column's heading: its text, with its class (`num`, `col-optional`) when it has one; null: the actions column. */
export type Column = string | readonly [string, string] | null;

function columnName(column: Column | undefined): string | null {
  if (column === undefined || column === null) return null;
  return typeof column === 'string' ? column : column[0];
}

export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <>
      {columns.map((column, i) =>
        column === null ? (
          <th key={i} scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : typeof column === 'string' ? (
          <th key={i} scope="col">
            {column}
          </th>
        ) : (
          <th key={i} scope="col" className={column[1]}>
            {column[0]}
          </th>
        ),
      )}
    </>
  );
}
