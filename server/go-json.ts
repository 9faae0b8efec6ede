/**
 * Go's `json.NewEncoder(w).Encode(v)`, as Mailpit answers every JSON body (docs/spec/mailpit-api.md#0-sources-and-conventions):
 * compact, keys in the order given (Go writes struct fields in declaration order), `<`, `>` and `&` written as
 * `\u003c`, `\u003e`, `\u0026`, U+2028 and U+2029 escaped, and a trailing newline. Non-ASCII stays as it is.
 */
export function goJson(value: unknown): string {
  return `${JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, escapeChar)}\n`;
}

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
