/** How far the emulator's clock is from this computer's, in words: the Controls page's clock and the header's badge. */

/** Closer than this to this computer's time counts as at it (a request's time, a second's rounding). */
export const OFFSET_SHOWN_FROM_MS = 2_000;

/** "1 h 30 min", "2 days 3 h", "45 s": the two largest units not 0, to the second. */
export function describeOffset(ms: number): string {
  let rest = Math.round(Math.abs(ms) / 1000);
  const parts: string[] = [];
  for (const [unit, seconds] of [
    ['day', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ] as const) {
    const count = Math.floor(rest / seconds);
    rest -= count * seconds;
    if (count > 0 || parts.length > 0)
      parts.push(unit === 'day' ? `${count} day${count === 1 ? '' : 's'}` : `${count} ${unit}`);
  }
  return (
    parts
      .filter((part) => !part.startsWith('0 '))
      .slice(0, 2)
      .join(' ') || '0 s'
  );
}
