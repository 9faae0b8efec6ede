/**
 * The Content-* fields of the parts the direct serializer writes, as MimeNode.buildHeaders() builds them: the
 * Content-Type of a text alternative or a multipart node, and the Content-Type (with QQ mail's `name=`),
 * Content-ID and Content-Disposition (with RFC 2231 `filename=`) of an attachment. The client's content type and
 * the filename, each of which can be a megabyte long, go through exact flat-memory ports of nodemailer's
 * lib/mime-funcs parseHeaderValue(), buildHeaderValue() and encoders (header-value.ts, rfc2231-parameter.ts,
 * encoded-words.ts), since nodemailer's own take megabytes of memory per megabyte of input
 * (docs/performance.md#2026-11-25-9acfc0a-attachment-content-types-parsed-and-built-in-flat-memory).
 */
import { BoundedCache } from '../../bounded-cache.js';
import { encodeWord, encodeWordsWhole } from './encoded-words.js';
import { encodeMsgId, headerLine } from './header-fields.js';
import { parseHeaderValue } from './header-value.js';
import { mimeWordEncoding } from './mime-word-encoding.js';
import { headerParameter, headerValue } from './rfc2231-parameter.js';

export type MultipartSubtype = 'mixed' | 'alternative' | 'related';

/** The Content-Type MailComposer gives a multipart node, before MimeNode adds the boundary parameter. */
const MULTIPART_TYPES: Record<MultipartSubtype, string> = {
  mixed: 'multipart/mixed',
  alternative: 'multipart/alternative',
  // MailComposer._createRelated(): 'multipart/related; type="text/html"'.
  related: 'multipart/related; type="text/html"',
};

/**
 * A multipart node's Content-Type line. The boundary always starts with `-`, so buildHeaderValue() quotes it
 * (JSON.stringify); `type="text/html"` is quoted for its `/`.
 */
export function multipartContentTypeLine(subtype: MultipartSubtype, boundary: string): string {
  return headerLine('Content-Type', `${MULTIPART_TYPES[subtype]}; boundary=${JSON.stringify(boundary)}`) as string;
}

/**
 * A text part's Content-Type line: MailComposer.getAlternatives() sets `text/plain; charset=utf-8` and
 * `text/html; charset=utf-8`, which parse and build back to themselves; the empty part MailComposer makes for a
 * mail without any content is a bare `text/plain` (no charset: MimeNode adds one only for non-ASCII content).
 */
export function textContentTypeLine(contentType: string): string {
  return `Content-Type: ${contentType}`;
}

export function transferEncodingLine(encoding: string): string {
  return `Content-Transfer-Encoding: ${encoding}`;
}

/** The attachment's Content-Type parsed (comments stripped, controls removed), without `name` parameters. */
interface AttachmentType {
  /** MimeNode._handleContentType(): a multipart type makes the node a multipart, which the direct path leaves to MimeNode. */
  multipart: boolean;
  /** buildHeaderValue() of the parsed value, before `; name=` is appended. */
  value: string;
}

/** A content type is a few dozen characters; RFC 6838 caps a media type's names at 127 each. */
const attachmentTypes = new BoundedCache<AttachmentType>({ maxEntries: 256, maxKeyLength: 1_000 });

/** buildHeaders()'s Content-Type case for a node with a filename (and Buffer content: no charset is added). */
function attachmentType(contentType: string): AttachmentType {
  let type = attachmentTypes.get(contentType);
  if (type === undefined) {
    const structured = parseHeaderValue(contentType, { stripComments: true });
    structured.value = (structured.value || '').toString().replace(/[\x00-\x1f\x7f]/g, '');
    // The filename gives the name parameter, so a name (or RFC 2231 name*) in the content type is dropped.
    for (const key of Object.keys(structured.params)) if (/^name(\*|$)/i.test(key)) delete structured.params[key];
    type = { multipart: /^multipart\//i.test(structured.value.trim()), value: headerValue(structured) };
    attachmentTypes.set(contentType, type);
  }
  return type;
}

/** Whether MimeNode would turn a part with this Content-Type into a multipart node. */
export function isMultipartType(contentType: string): boolean {
  return attachmentType(contentType).multipart;
}

/**
 * Content-Type with `name=` for clients such as QQ webmail, which MimeNode builds by hand: an encoded word for a
 * filename with control characters, encodeWords() otherwise, quoted (JSON.stringify, as buildHeaderValue() quotes)
 * when encoded or when it holds a special. encodeHeaderValue() then turns line breaks into spaces.
 */
export function attachmentContentTypeLine(contentType: string, filename: string): string | undefined {
  const encoding = mimeWordEncoding(filename);
  let name = /[\x00-\x1f\x7f]/.test(filename)
    ? encodeWord(filename, encoding, 52)
    : encodeWordsWhole(filename, encoding, 52);
  if (name !== filename || /[\s'"\\;:/=(),<>@[\]?]|^-/.test(name)) name = JSON.stringify(name);
  return headerLine('Content-Type', `${attachmentType(contentType).value}; name=${name}`.replace(/\r?\n|\r/g, ' '));
}

/** MailComposer._createContentNode(): `Content-Id: <cid>` without any angle brackets inside; a msg-id field. */
export function contentIdLine(cid: string): string | undefined {
  return headerLine('Content-ID', encodeMsgId(`<${cid.replace(/[<>]/g, '')}>`));
}

/** buildHeaders()'s Content-Disposition case: the disposition with `filename=` (RFC 2231 when long or non-ASCII). */
export function contentDispositionLine(disposition: 'inline' | 'attachment', filename: string): string | undefined {
  // buildHeaderValue({ value: disposition, params: { filename } }); its parameters never hold a line break.
  return headerLine('Content-Disposition', `${disposition}; ${headerParameter('filename', filename)}`);
}
