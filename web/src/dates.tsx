/**
 * Every date the UI shows, in one format: `2026-11-27 23:30:01 UTC`, the instant in UTC to the second, labelled.
 *
 * Why UTC and not the viewer's zone: the API answers in UTC (`created_at` ends in `Z`), the emulator's clock is set
 * in UTC on Controls, and a test author compares what the page shows with what the suite sent or asserted; the
 * same digits everywhere, on every machine and in every shared screenshot. The viewer's local time, and the exact
 * instant to the millisecond, are on hover (the `title`); `<time dateTime>` carries the ISO instant.
 *
 * The inbox list's compact form is of the same family: `23:30:01 UTC` for a mail of today (UTC), the date
 * `2026-11-27` for an earlier one.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-11-27 23:30:01 UTC`. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `2026-11-28 05:00:01.123 local time (UTC+05:30)`, in the viewer's zone. */
function formatLocal(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const zone = `UTC${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  return `${day} ${time} local time (${zone})`;
}

/** What hovering a date shows: the exact instant as the API has it, and the viewer's local time. */
function exactTitle(date: Date): string {
  return `${date.toISOString()}\n${formatLocal(date)}`;
}

/** The list's compact form: the time for a mail of today (UTC), else the date. */
function compactUtc(date: Date, now: Date): string {
  const iso = date.toISOString();
  return iso.slice(0, 10) === now.toISOString().slice(0, 10) ? `${iso.slice(11, 19)} UTC` : iso.slice(0, 10);
}

/** A date as every page shows it; an unreadable value as it came, null as a dash. */
export function DateTime({ iso, compact = false }: { iso: string | null; compact?: boolean }) {
  if (iso === null) return <span className="muted">—</span>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  return (
    <time dateTime={date.toISOString()} title={exactTitle(date)}>
      {compact ? compactUtc(date, new Date()) : formatUtc(date)}
    </time>
  );
}
