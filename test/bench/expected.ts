/**
 * Expected pages, computed from the seeded rows with the SQL semantics the store promises: LIKE '%v%' is a
 * substring match that folds ASCII letters only, NULL sorts lowest, and ties break on id in the direction of the
 * first sort term.
 */

export const PER_PAGE = 15;

type Comparable = number | string | null;
export interface SortKey<Row> {
  key: (row: Row) => Comparable;
  descending: boolean;
}

export interface Expected {
  total: number;
  uuids: string[];
}

export function compareBy<Row>(terms: Array<SortKey<Row>>) {
  return (a: Row, b: Row): number => {
    for (const term of terms) {
      const x = term.key(a);
      const y = term.key(b);
      if (x === y) continue;
      const order = x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      return term.descending ? -order : order;
    }
    return 0;
  };
}

export function expectPage<Row extends { id: number; uuid: string }>(
  rows: Row[],
  filter: (row: Row) => boolean,
  sort: Array<SortKey<Row>>,
  page: number,
): Expected {
  const matching = rows.filter(filter).sort(compareBy(sort));
  return {
    total: matching.length,
    uuids: matching.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((row) => row.uuid),
  };
}

export const byId = (descending: boolean) => ({ key: (row: { id: number }) => row.id, descending });

/** SQLite's lower() and LIKE fold A-Z only. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** `email LIKE '%needle%'` for a needle without LIKE wildcards. */
export const contains = (needle: string) => {
  const lowered = asciiLower(needle);
  return (email: string) => asciiLower(email).includes(lowered);
};

/** `LIKE '%needle%'` on an ASCII-lower-cased text, wildcards included: `%` any run of characters, `_` one. */
export function likeMatcher(needle: string): (loweredText: string) => boolean {
  const pattern = [...asciiLower(needle)]
    .map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(pattern, 'su');
  return (loweredText) => regex.test(loweredText);
}
