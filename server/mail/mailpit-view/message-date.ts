/**
 * Times as Mailpit writes them: Go's time.Time in JSON (RFC 3339, the fraction's trailing zeros dropped, `Z` for a
 * zero offset), and a message's `Date` (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1):
 * its Date header read as Go's net/mail.ParseDate reads it, with the header's own offset; the receive time when
 * the header is missing or does not parse.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** [day-of-week,] day month year hour:minute[:second] [zone] [(comment)]: RFC 5322 §3.3 with its obsolete forms. */
const DATE =
  /^(?:[A-Za-z]{3},?\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|[A-Za-z]{1,5})?\s*(?:\(.*\))?$/;

/** Go's RFC 3339 form of a time in ms, at an offset in minutes east of UTC. */
export function goTime(ms: number, offsetMinutes = 0): string {
  const shifted = new Date(ms + offsetMinutes * 60_000).toISOString();
  const fraction = shifted.slice(19, 23).replace(/\.?0+$/, '');
  return `${shifted.slice(0, 19)}${fraction}${offsetText(offsetMinutes)}`;
}

/** The Date header as Mailpit's `Date`; null when it is missing or does not parse. */
export function headerDate(value: string): string | null {
  // No date is longer; and the expression's white space runs would backtrack over a hostile one.
  if (value.length > 200) return null;
  const match = DATE.exec(value.trim());
  if (match === null) return null;
  const [, day, monthName, yearText, hour, minute, second, zone] = match;
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  if (month === -1 || zone === undefined) return null;
  let year = Number(yearText);
  // Go's two-digit year: 69-99 is 19xx, 00-68 20xx.
  if (yearText!.length === 2) year += year >= 69 ? 1900 : 2000;
  else if (yearText!.length === 3) return null;
  const fields = [Number(day), Number(hour), Number(minute), Number(second ?? 0)] as const;
  if (fields[0] < 1 || fields[0] > 31 || fields[1] > 23 || fields[2] > 59 || fields[3] > 59) return null;
  // A zone name (GMT, EST...) unknown to a UTC server is read by Go as a zero offset.
  const offset = /^[+-]/.test(zone)
    ? (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3)))
    : 0;
  const local = Date.UTC(year, month, fields[0], fields[1], fields[2], fields[3]);
  if (new Date(local).getUTCDate() !== fields[0]) return null;
  return goTime(local - offset * 60_000, offset);
}

function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}
