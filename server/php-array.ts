/**
 * JSON as PHP holds it once `json_decode($json, true)` has made it an array, for values whose bytes Mailcoach
 * writes back out (a subscriber's extra_attributes):
 * - **Key order is insertion order, always.** A JavaScript object puts integer-like keys ("10") before the others;
 *   a PHP array keeps `{"b":1,"10":2,"a":3}` in that order (PHP makes "10" an int key, and json_encode writes it
 *   back as "10": the same text; "01", "-0" or "1.5" stay strings, and keep their place in JavaScript too). Objects
 *   with such keys are kept as ordered objects (orderedObject) whose own keys come out in PHP's order, so
 *   `Object.entries`, `JSON.stringify` and phpJsonEncode write them in it.
 * - **A repeated key** keeps its first position and its last value, as JavaScript does for the other keys.
 * - **An object whose keys are exactly 0, 1, ... n-1, in that order, is a list**: json_encode writes `["a","b"]`
 *   for `{"0":"a","1":"b"}`; an empty object is an empty array, `[]`.
 * Floats keep JavaScript's form (PHP writes a whole float as `1.0`): not modelled.
 */

/** A canonical array index, which a JavaScript object orders first: "0", "7", "10" (not "01", "-1", "4294967295"). */
export function isArrayIndexKey(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}

/**
 * An object whose own enumerable keys come out in the order given (then in the order later ones are added), even
 * integer-like ones. It reads and writes like a plain object; copying it into a plain one (`{...o}`) loses the order.
 */
export function orderedObject(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  const keys: string[] = [];
  const define = (key: string, value: unknown) => {
    if (!Object.hasOwn(target, key)) keys.push(key);
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  };
  for (const [key, value] of entries) define(key, value);
  return new Proxy(target, {
    ownKeys: () => [...keys],
    set(_target, key, value) {
      if (typeof key !== 'string') return Reflect.set(target, key, value);
      define(key, value);
      return true;
    },
    defineProperty(_target, key, descriptor) {
      if (typeof key === 'string' && !Object.hasOwn(target, key)) keys.push(key);
      return Reflect.defineProperty(target, key, descriptor);
    },
    deleteProperty(_target, key) {
      const at = typeof key === 'string' ? keys.indexOf(key) : -1;
      if (at !== -1) keys.splice(at, 1);
      return Reflect.deleteProperty(target, key);
    },
  });
}

/**
 * A decoded JSON value (its objects ordered or plain) as PHP's array holds it: objects whose keys are 0..n-1 in
 * order, and empty ones, become lists; objects with integer-like keys stay ordered objects; others plain objects.
 * The input is not changed. Recursive: request values are at most 512 levels deep (PHP's json_decode limit,
 * http/input.ts), and stored ones came from them.
 */
export function toPhpArray(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toPhpArray);
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => [key, toPhpArray(item)]);
  if (entries.length === 0) return [];
  if (entries.every(([key], index) => key === String(index))) return entries.map(([, item]) => item);
  return entries.some(([key]) => isArrayIndexKey(key)) ? orderedObject(entries) : Object.fromEntries(entries);
}

/** Whether any object in the value has an integer-like key, whose place a JavaScript object would have moved. */
export function hasArrayIndexKeys(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (isArrayIndexKey(key)) return true;
      stack.push(item);
    }
  }
  return false;
}

/**
 * `json_decode($json, true)` of a valid JSON text, as toPhpArray gives it, keys in the text's order. JSON.parse
 * does the work unless an integer-like key is there; then the text is read again by readOrdered.
 */
export function decodePhpJson(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  return toPhpArray(hasArrayIndexKeys(parsed) ? readOrdered(text) : parsed);
}

/**
 * A valid JSON text (JSON.parse accepted it) read with every object's keys in the text's order: objects with an
 * integer-like key become ordered objects. Recursive descent; callers bound the depth (PHP's 512).
 */
export function readOrdered(text: string): unknown {
  let at = 0;
  const skipSpace = () => {
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) break;
      at++;
    }
  };
  const readString = (): string => {
    const start = at;
    at++;
    for (;;) {
      const quote = text.indexOf('"', at);
      let backslashes = 0;
      for (let i = quote - 1; i > start && text.charCodeAt(i) === 0x5c; i--) backslashes++;
      at = quote + 1;
      if (backslashes % 2 === 0) break;
    }
    const inner = text.slice(start + 1, at - 1);
    return inner.includes('\\') ? (JSON.parse(text.slice(start, at)) as string) : inner;
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const readValue = (): unknown => {
    skipSpace();
    const char = text[at];
    if (char === '"') return readString();
    if (char === '{') {
      at++;
      const entries: Array<[string, unknown]> = [];
      skipSpace();
      if (text[at] === '}') {
        at++;
        return {};
      }
      for (;;) {
        skipSpace();
        const key = readString();
        skipSpace();
        at++; // ':'
        entries.push([key, readValue()]);
        skipSpace();
        if (text[at++] === '}') break;
      }
      return entries.some(([key]) => isArrayIndexKey(key)) ? orderedObject(entries) : Object.fromEntries(entries);
    }
    if (char === '[') {
      at++;
      const items: unknown[] = [];
      skipSpace();
      if (text[at] === ']') {
        at++;
        return items;
      }
      for (;;) {
        items.push(readValue());
        skipSpace();
        if (text[at++] === ']') break;
      }
      return items;
    }
    if (text.startsWith('true', at)) {
      at += 4;
      return true;
    }
    if (text.startsWith('false', at)) {
      at += 5;
      return false;
    }
    if (text.startsWith('null', at)) {
      at += 4;
      return null;
    }
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text) as RegExpExecArray;
    at += match[0].length;
    return Number(match[0]);
  };
  return readValue();
}
