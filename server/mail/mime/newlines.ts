/**
 * The `newline: 'windows'` option compose.ts gives MailComposer: MimeNode pipes the message through LeWindows,
 * which turns every LF not preceded by a CR into CRLF (a lone CR stays). The direct serializer applies it to each
 * piece that can hold a bare LF (text bodies, header blocks with prepared values). A piece never starts with an
 * LF that follows a CR of the previous piece: bodies follow a header block's CRLF CRLF, header blocks follow a
 * delimiter line's CRLF, and what follows a body starts with CR.
 */
export function withCrlfLineBreaks(text: string): string {
  let result = '';
  let copied = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) === 0x0d) continue;
    result += `${text.substring(copied, at)}\r\n`;
    copied = at + 1;
  }
  return copied === 0 ? text : result + text.substring(copied);
}
