/**
 * A request body read as Mailpit's Go handlers read theirs with `json.NewDecoder(r.Body).Decode(&data)`
 * (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below): only the first JSON value
 * counts, object keys match struct fields case-insensitively (an exact match first: `FileName` fills
 * `Filename`, `ids` fills `IDs`), unknown keys are ignored, `null` leaves a field at its zero value, and a value
 * of the wrong type is an error. Errors carry Go's wording (`EOF`, `invalid character 'o' in literal null
 * (expecting 'u')`, `json: cannot unmarshal string into Go struct field .To of type []struct`), which Mailpit
 * answers as the error text.
 */

/** What a field holds: Go's types as far as Mailpit's request structs use them. */
export type GoType =
  | 'string'
  | 'bool'
  /** An integer (Go's int): a number with a fraction is a type error. */
  | 'int'
  | { array: GoType }
  | { struct: Record<string, GoType> }
  /** map[string]string: keys as given, in order. */
  | 'map';

export type GoValue<T extends GoType> = T extends 'string'
  ? string
  : T extends 'bool'
    ? boolean
    : T extends 'int'
      ? number
      : T extends 'map'
        ? [string, string][]
        : T extends { array: infer Item extends GoType }
          ? GoValue<Item>[]
          : T extends { struct: infer Fields extends Record<string, GoType> }
            ? { [K in keyof Fields]: GoValue<Fields[K]> }
            : never;

/** A body Go's decoder refuses; the message is Go's. */
export class GoJsonError extends Error {}

/**
 * Decodes the body's first JSON value into the struct `type` describes, named `struct` in Go's type errors
 * (`Go struct field <struct>.<Field>`: Mailpit's request structs are anonymous for some handlers, so '' by default);
 * throws GoJsonError.
 */
export function decodeGoJson<T extends Record<string, GoType>>(
  body: string,
  type: T,
  struct = '',
): GoValue<{ struct: T }> {
  return decodeValue(parseFirstGoJsonValue(body), { struct: type }, struct) as GoValue<{ struct: T }>;
}

/** The body's first JSON value as it is (no struct): what follows it is never read. Throws GoJsonError. */
export function parseFirstGoJsonValue(body: string): unknown {
  const start = body.search(/[^ \t\r\n]/);
  if (start === -1) throw new GoJsonError('EOF');
  const end = firstValueEnd(body, start);
  if (end === null) throw new GoJsonError('unexpected EOF');
  const text = body.slice(start, end);
  try {
    return JSON.parse(text);
  } catch {
    throw new GoJsonError(syntaxError(text));
  }
}

/**
 * Where the JSON value starting at `start` ends (after its closing bracket, quote, or last character), or null
 * when the body ends first. Only brackets and strings are followed: JSON.parse judges the rest.
 */
function firstValueEnd(body: string, start: number): number | null {
  const first = body[start]!;
  if (first !== '{' && first !== '[' && first !== '"') {
    const stop = body.slice(start).search(/[ \t\r\n,\]}[{"]/);
    return stop === -1 ? body.length : start + Math.max(stop, 1);
  }
  let depth = 0;
  let inString = false;
  for (let at = start; at < body.length; at++) {
    const char = body[at];
    if (inString) {
      if (char === '\\') at++;
      else if (char === '"') {
        inString = false;
        if (depth === 0) return at + 1;
      }
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  return null;
}

/** Go's wording for the common syntax errors: a bad first character, a misspelt literal; else the first bad one. */
function syntaxError(text: string): string {
  const first = text[0]!;
  for (const literal of ['true', 'false', 'null']) {
    if (first !== literal[0]) continue;
    for (let at = 1; at < literal.length; at++) {
      if (text[at] !== literal[at]) {
        if (text[at] === undefined) return 'unexpected EOF';
        return `invalid character ${quoteChar(text[at]!)} in literal ${literal} (expecting ${quoteChar(literal[at]!)})`;
      }
    }
    return `invalid character ${quoteChar(text[literal.length] ?? ' ')} after top-level value`;
  }
  if (!/[-0-9{["]/.test(first)) return `invalid character ${quoteChar(first)} looking for beginning of value`;
  return `invalid character ${quoteChar(firstBadChar(text))} looking for beginning of value`;
}

/** The character JSON.parse stops at, as well as it can be found without a scanner of our own. */
function firstBadChar(text: string): string {
  for (let length = 1; length <= text.length; length++) {
    try {
      JSON.parse(text.slice(0, length));
    } catch (error) {
      if (!/end of (json|data)|unterminated|unexpected end/i.test((error as Error).message))
        return text[length - 1] ?? ' ';
    }
  }
  return text.at(-1) ?? ' ';
}

function quoteChar(char: string): string {
  return char === "'" ? "'\\''" : `'${char}'`;
}

function decodeValue(value: unknown, type: GoType, path: string): unknown {
  if (type === 'string') {
    if (value === null) return '';
    if (typeof value !== 'string') throw typeError(value, path, 'string');
    return value;
  }
  if (type === 'bool') {
    if (value === null) return false;
    if (typeof value !== 'boolean') throw typeError(value, path, 'bool');
    return value;
  }
  if (type === 'int') {
    if (value === null) return 0;
    if (typeof value !== 'number') throw typeError(value, path, 'int');
    // Go names the number it could not store in an int.
    if (!Number.isInteger(value))
      throw new GoJsonError(`json: cannot unmarshal number ${value} into ${into(path, 'int')}`);
    return value;
  }
  if (type === 'map') {
    if (value === null) return [];
    if (!isObject(value)) throw typeError(value, path, 'map[string]string');
    return Object.entries(value).map(([key, item]) => [key, decodeValue(item, 'string', `${path}.${key}`)]);
  }
  if ('array' in type) {
    if (value === null) return [];
    if (!Array.isArray(value)) throw typeError(value, path, `[]${goTypeName(type.array)}`);
    return value.map((item) => decodeValue(item, type.array, path));
  }
  const fields = Object.keys(type.struct);
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = zeroValue(type.struct[field]!);
  if (value === null) return out;
  if (!isObject(value)) throw typeError(value, path, goTypeName(type));
  for (const [key, item] of Object.entries(value)) {
    const field = fields.includes(key) ? key : fields.find((name) => name.toLowerCase() === key.toLowerCase());
    if (field === undefined) continue;
    out[field] = decodeValue(item, type.struct[field]!, `${path}.${field}`);
  }
  return out;
}

function zeroValue(type: GoType): unknown {
  if (type === 'string') return '';
  if (type === 'bool') return false;
  if (type === 'int') return 0;
  if (type === 'map' || 'array' in type) return [];
  return decodeValue(null, type, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function goTypeName(type: GoType): string {
  if (typeof type === 'string') return type === 'map' ? 'map[string]string' : type;
  if ('array' in type) return `[]${goTypeName(type.array)}`;
  return `struct { ${Object.entries(type.struct)
    .map(([name, field]) => `${name} ${goTypeName(field)}`)
    .join('; ')} }`;
}

/** json.UnmarshalTypeError's text. */
function typeError(value: unknown, path: string, type: string): GoJsonError {
  const kind =
    typeof value === 'number'
      ? 'number'
      : typeof value === 'boolean'
        ? 'bool'
        : typeof value === 'string'
          ? 'string'
          : Array.isArray(value)
            ? 'array'
            : 'object';
  return new GoJsonError(`json: cannot unmarshal ${kind} into ${into(path, type)}`);
}

function into(path: string, type: string): string {
  return path === '' ? `Go value of type ${type}` : `Go struct field ${path} of type ${type}`;
}
