/**
 * The one shape of every per-process cache (compiled templates, parsed header values, template lookups, routed
 * paths): a Map that keeps at most `maxEntries` keys, dropping the oldest first, and never keeps a key longer than
 * `maxKeyLength` characters.
 *
 * Why the key length: the keys of these caches come from what clients send (a content type, a template name, a
 * header name, a path), and a hostile walk of 250 kB fields left 12 MB of content types alone in a 256-entry
 * cache. A legitimate key is short (a template is tens of kB at most); a long one seldom repeats, so computing it
 * again costs little, while keeping it costs its size for the life of the process.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(private readonly limits: { maxEntries: number; maxKeyLength: number }) {}

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Remembers `value` unless the key is too long to keep; returns `value`. */
  set(key: string, value: V): V {
    if (key.length > this.limits.maxKeyLength) return value;
    if (!this.#entries.has(key) && this.#entries.size >= this.limits.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    this.#entries.set(key, value);
    return value;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** `compute(key)`, remembered in a BoundedCache. */
export function boundedMemo<V>(
  limits: { maxEntries: number; maxKeyLength: number },
  compute: (key: string) => V,
): (key: string) => V {
  const cache = new BoundedCache<V>(limits);
  return (key) => (cache.has(key) ? (cache.get(key) as V) : cache.set(key, compute(key)));
}
