/** PHP's casts where Mailcoach relies on them: a query value read as an int (campaign statistics filters, docs/spec/mailcoach-audience-campaigns.md#510-statistics-endpoints-get-paginated-reference-17). */
/** PHP's (int) of a string: its leading number (an exponent included), 0 when it starts with a letter. */
export function phpIntOf(text: string): number {
  const match = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text);
  if (match === null) return 0;
  const value = Number(match[0]);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}
