/**
 * Checks filter[search] on suppressions against an independent computation for many needles: short and long,
 * rare and common, mixed case, quotes, LIKE wildcards, non-ASCII letters that Unicode folding would equate but
 * LIKE does not, and comma lists. The store picks among three plans (scan, trigram candidates, trigram count) by needle and
 * selectivity; every plan must give exactly the LIKE's rows.
 */
import type { SortTerm } from '../../server/db/statements.js';
import type { Store } from '../../server/db/store.js';
import { asciiLower, byId, compareBy, likeMatcher, PER_PAGE } from './expected.js';
import { prng, UNICODE_NAMES, type SeededData } from './seed.js';

export function checkSearches(store: Store, data: SeededData, count: number): number {
  const random = prng(7);
  const rows = data.suppressions;
  const needles: string[][] = [
    ['kate'],
    ['KATE'],
    ['\u212aate'],
    ['irem'],
    ['İrem'],
    ['jürgen'],
    ['JÜRGEN'],
    ['zoë'],
    ['ZOË'],
    ['STRASSE'],
    ['straße'],
    ['gmail'],
    ['GMAIL.COM'],
    ['.co'],
    ['@'],
    ['a"b'],
    ['"'],
    ['""x'],
    ['smith', 'jones'],
    ['smith', 'smith'],
    ['ab', 'smith'],
    ['emile', 'émile'],
    ['nomatchatall'],
    ['  '],
    ['ja'],
    ['x'],
    ['a_b'],
    ['smith%gmail'],
    ['%'],
    ['_'],
    ['.1_0@'],
    ...UNICODE_NAMES.map((name) => [name.slice(0, 3)]),
  ];
  while (needles.length < count) {
    const email = rows[Math.floor(random() * rows.length)]!.email;
    const length = 1 + Math.floor(random() * 10);
    const start = Math.floor(random() * Math.max(1, email.length - length));
    let needle = email.slice(start, start + length);
    if (random() < 0.3) needle = needle.toUpperCase();
    needles.push(random() < 0.1 ? [needle, rows[Math.floor(random() * rows.length)]!.email.slice(0, 4)] : [needle]);
  }
  const idOrder: SortTerm[] = [{ column: 'id', descending: false }];
  const createdDesc: SortTerm[] = [
    { column: 'created_at', descending: true },
    { column: 'id', descending: true },
  ];
  const lowered = rows.map((row) => asciiLower(row.email));
  for (const values of needles) {
    const matchers = values.map(likeMatcher);
    const matching = rows.filter((_, i) => matchers.some((match) => match(lowered[i]!)));
    const pages = Math.max(1, Math.ceil(matching.length / PER_PAGE));
    const byCreated = [...matching].sort(
      compareBy<(typeof rows)[number]>([{ key: (row) => row.created_at, descending: true }, byId(true)]),
    );
    for (const [sort, ordered, page] of [
      [idOrder, matching, 1],
      [idOrder, matching, 1 + Math.floor(random() * pages)],
      [createdDesc, byCreated, Math.ceil(pages / 2)],
    ] as const) {
      const expected = ordered.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((row) => row.uuid);
      const result = store.suppressions.list(data.workspaceId, { search: values }, [...sort], {
        offset: (page - 1) * PER_PAGE,
        limit: PER_PAGE,
      });
      const uuids = result.rows.map((row) => row.uuid);
      if (result.total !== matching.length || uuids.join() !== expected.join()) {
        throw new Error(
          `search ${JSON.stringify(values)} page ${page}: total ${result.total}, expected ${matching.length}\n` +
            `  got      ${uuids.join(' ')}\n  expected ${expected.join(' ')}`,
        );
      }
    }
  }
  return needles.length;
}
