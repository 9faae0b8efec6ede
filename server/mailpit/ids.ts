/**
 * Mailpit's message IDs are 22 characters of base 62, the 128 bits of a random UUID (MP internal/shortuuid,
 * docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below). Ours are the same 128 bits
 * written in base 62, so no second id is stored and the two forms map onto each other both ways; an ordered uuid
 * gives an ordered Mailpit ID. Both forms are accepted wherever an ID is read.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 22;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAILPIT_ID = /^[0-9A-Za-z]{22}$/;
const MAX = (1n << 128n) - 1n;

/** The Mailpit ID of one of our message uuids. */
export function toMailpitId(uuid: string): string {
  let value = BigInt(`0x${uuid.replaceAll('-', '')}`);
  let id = '';
  while (value > 0n) {
    id = ALPHABET[Number(value % 62n)] + id;
    value /= 62n;
  }
  return id.padStart(LENGTH, '0');
}

/** The uuid an ID names: a Mailpit ID or one of our uuids; null for anything else. */
export function uuidFromMailpitId(id: string): string | null {
  if (UUID.test(id)) return id.toLowerCase();
  if (!MAILPIT_ID.test(id)) return null;
  let value = 0n;
  for (const char of id) value = value * 62n + BigInt(ALPHABET.indexOf(char));
  if (value > MAX) return null;
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
