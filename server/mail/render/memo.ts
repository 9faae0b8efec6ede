/**
 * A per-process memo of what is computed once per template version (compiled bodies, inlined CSS, text parts),
 * keyed by the source text, holding at most `max` entries: the oldest goes first, so that a long-running
 * emulator whose templates change does not grow without bound.
 */
export function boundedMemo<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const entries = new Map<string, V>();
  return (key) => {
    if (entries.has(key)) return entries.get(key) as V;
    const value = compute(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, value);
    return value;
  };
}
