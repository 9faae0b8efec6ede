/**
 * Instants, apart from any wire format: the one reading of a timestamp given to the emulator (the inbox search's
 * dates, wait-for's `after`, the clock controls, the --clock option, fixture files), and the epoch seconds the
 * records store. Readings are ISO 8601 only, and a real calendar date. Date.parse() alone also takes
 * "March 7, 2025" and rolls 2025-02-30 over to 2 March, and reads a date-time without an offset as local time;
 * here it is UTC.
 */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 date (midnight UTC) or date-time (UTC unless it has an offset) as epoch milliseconds; null for
 * anything else, including impossible dates such as 2025-02-30, and for a date alone with `requireTime`.
 */
export function parseInstant(value: string, options: { requireTime?: boolean } = {}): number | null {
  const match = INSTANT.exec(value.trim());
  if (match === null) return null;
  const [, year, month, day, hour, minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
  if (hour === undefined && options.requireTime) return null;
  const offset = /^[+-]/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(-2)}` : 'Z';
  const iso = `${year}-${month}-${day}T${hour ?? '00'}:${minute}:${second}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  // Date.parse rolls some impossible dates over (2025-02-30 is 2 March): the calendar date must survive a round trip.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const sameDay =
    calendar.getUTCFullYear() === Number(year) &&
    calendar.getUTCMonth() === Number(month) - 1 &&
    calendar.getUTCDate() === Number(day);
  return sameDay && Number(hour ?? 0) < 24 && Number(minute) < 60 && Number(second) < 60 ? at : null;
}

/**
 * A time as the Mailcoach records store it: whole epoch seconds, as Eloquent keeps them (the wire format is
 * http/timestamps.ts's laravelTimestamp()).
 */
export function toEpochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
