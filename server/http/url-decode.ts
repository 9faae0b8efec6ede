/** PHP string decoding helpers the emulated Mailcoach code paths rely on. */

/** Mailcoach's FuzzyFilter runs PHP urldecode() on each value: `+` becomes a space, %XX sequences decode. */
export function urlDecode(value: string): string {
  const spaced = value.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-fA-F]{2})/g, (match, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code < 0x80 ? String.fromCharCode(code) : match;
    });
  }
}
