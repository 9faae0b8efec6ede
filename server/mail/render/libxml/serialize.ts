/**
 * A port of libxml2 2.9.14's HTML serializer (HTMLtree.c) as PHP's DOMDocument::saveHTML calls it:
 * - saveHTML() is htmlDocDumpMemoryFormat(doc, format): the DTD line, the tree, a final "\n", all through the
 *   output encoding a `<meta http-equiv="Content-Type">` names (htmlGetMetaEncoding) or, without one, libxml2's
 *   "HTML" encoder, which writes every non-ASCII char as an HTML 4 entity or a decimal reference (UTF8ToHtml).
 * - saveHTML($node) is htmlNodeDumpFormatOutput(buf, doc, node, NULL, format) into a buffer with no encoder: the
 *   node as UTF-8, non-ASCII chars as they are.
 * The walk is iterative (htmlNodeDumpFormatOutput's own loop), so depth costs no call stack.
 */
import type { DocumentNode, ElementNode, Node } from './dom.js';
import { ELEMENTS, isBooleanAttribute } from './elements.js';
import { byteEncoder } from './encoding.js';
import { VALUE_NAMES } from './entities.js';

export interface SerializeOptions {
  /** DOMDocument::$formatOutput: adds the newlines HTMLtree.c adds around block elements (no indentation). */
  format: boolean;
}

/** DOMDocument::saveHTML() for a document, saveHTML($node) for an element, byte for byte (as a JS string). */
export function serializeHtml(node: DocumentNode | ElementNode, options: SerializeOptions): string {
  const out = dump(node, options.format);
  if (node.type !== 'document') return out;
  const encoding = metaEncoding(node);
  if (encoding === null) return encodeHtml(out);
  // ISO-8859-1 and windows-1252 come back as one char per byte (Buffer.from(out, 'latin1') gives PHP's bytes);
  // UTF-8, names libxml2 does not know, and other encodings (not emulated) as the UTF-8 text.
  return byteEncoder(encoding)?.(out) ?? out;
}

type Parent = ElementNode | DocumentNode;

function parentName(parent: Parent | null): string | null {
  return parent !== null && parent.type === 'element' ? parent.name : null;
}

/** Text in script and style is written raw (xmlStrcasecmp on the parent's name). */
function isRawParent(parent: Parent | null): boolean {
  if (parent === null || parent.type !== 'element') return false;
  const name = parent.name;
  if (name === 'script' || name === 'style') return true;
  return (
    (name.length === 6 || name.length === 5) && (name.toLowerCase() === 'script' || name.toLowerCase() === 'style')
  );
}

/** HTML_TEXT_NODE (a CDATA node, script and style content, is not one for the formatting rules). */
function isText(node: Node | undefined): boolean {
  return node !== undefined && node.type === 'text' && node.cdata !== true;
}

/** HTMLtree.c htmlNodeDumpFormatOutput. */
function dump(root: DocumentNode | ElementNode, format: boolean): string {
  let out = '';
  let cur: Node | DocumentNode = root;
  let parent: Parent | null = root.type === 'document' ? null : root.parent;
  // The index of `cur` among its parent's children, and those of the ancestors the walk went down through.
  let index = parent === null ? -1 : parent.children.indexOf(root as Node);
  const indexes: number[] = [];
  const nextOf = (node: Node | DocumentNode, at: number, of: Parent | null): Node | undefined =>
    node === root && root.type === 'document' ? undefined : of?.children[at + 1];

  for (;;) {
    let descended = false;
    switch (cur.type) {
      case 'document': {
        const doctype = cur.children.find((child) => child.type === 'doctype');
        if (doctype !== undefined) out += doctypeLine(doctype.name, doctype.publicId, doctype.systemId);
        if (cur.children.length > 0) {
          parent = cur;
          indexes.push(index);
          index = 0;
          cur = cur.children[0]!;
          descended = true;
        } else {
          out += '\n';
        }
        break;
      }
      case 'element': {
        const info = ELEMENTS.get(cur.name);
        out += '<' + cur.name;
        for (const attribute of cur.attributes) out += attributeText(cur, attribute.name, attribute.value);
        if (info?.empty) {
          out += '>';
        } else if (cur.children.length === 0) {
          if (info !== undefined && info.saveEndTag !== 0 && cur.name !== 'html' && cur.name !== 'body') out += '>';
          else out += '></' + cur.name + '>';
        } else {
          out += '>';
          if (
            format &&
            info !== undefined &&
            !info.inline &&
            !isText(cur.children[0]) &&
            cur.children.length > 1 &&
            cur.name[0] !== 'p'
          ) {
            out += '\n';
          }
          parent = cur;
          indexes.push(index);
          index = 0;
          cur = cur.children[0]!;
          descended = true;
          break;
        }
        if (format && info !== undefined && !info.inline) {
          const next = nextOf(cur, index, parent);
          const name = parentName(parent);
          if (next !== undefined && !isText(next) && name !== null && name[0] !== 'p') out += '\n';
        }
        break;
      }
      case 'text':
        if (cur.cdata === true) {
          out += cur.value;
        } else {
          out += isRawParent(parent) ? cur.value : escapeText(cur.value, false);
        }
        break;
      case 'comment':
        out += '<!--' + cur.value + '-->';
        break;
      case 'pi':
        out += '<?' + cur.target + (cur.bare === true ? '' : ' ' + cur.value) + '>';
        break;
      case 'doctype':
        break;
    }
    if (descended) continue;

    for (;;) {
      if (cur === root) return out;
      const next = nextOf(cur, index, parent);
      if (next !== undefined) {
        cur = next;
        index++;
        break;
      }
      cur = parent!;
      parent = cur.type === 'document' ? null : cur.parent;
      index = indexes.pop()!;
      if (cur.type === 'document') {
        out += '\n';
        continue;
      }
      const info = format ? ELEMENTS.get(cur.name) : undefined;
      const inlineOrUnknown = info === undefined || info.inline;
      if (
        !inlineOrUnknown &&
        !isText(cur.children[cur.children.length - 1]) &&
        cur.children.length > 1 &&
        cur.name[0] !== 'p'
      ) {
        out += '\n';
      }
      out += '</' + cur.name + '>';
      if (!inlineOrUnknown) {
        const after = nextOf(cur, index, parent);
        const name = parentName(parent);
        if (after !== undefined && !isText(after) && name !== null && name[0] !== 'p') out += '\n';
      }
    }
  }
}

/** HTMLtree.c htmlDtdDumpOutput. */
function doctypeLine(name: string, publicId: string | null, systemId: string | null): string {
  let line = '<!DOCTYPE ' + name;
  if (publicId !== null) {
    line += ' PUBLIC ' + quoted(publicId);
    if (systemId !== null) line += ' ' + quoted(systemId);
  } else if (systemId !== null && systemId !== 'about:legacy-compat') {
    line += ' SYSTEM ' + quoted(systemId);
  }
  return line + '>\n';
}

/** HTMLtree.c htmlAttrDumpOutput: boolean attributes minimized, URI attributes %-escaped. */
function attributeText(element: ElementNode, name: string, value: string | null): string {
  if (value === null || isBooleanAttribute(name)) return ' ' + name;
  const escaped = escapeText(value, true);
  const lower = name.toLowerCase();
  if (
    lower === 'href' ||
    lower === 'action' ||
    lower === 'src' ||
    (lower === 'name' && element.name.toLowerCase() === 'a')
  ) {
    let start = 0;
    while (start < escaped.length && ' \t\n\r'.includes(escaped[start]!)) start++;
    return ' ' + name + '=' + quoted(uriEscape(escaped.slice(start)));
  }
  return ' ' + name + '=' + quoted(escaped);
}

/** tree.c xmlBufWriteQuotedString. */
function quoted(value: string): string {
  if (!value.includes('"')) return '"' + value + '"';
  if (!value.includes("'")) return "'" + value + "'";
  return '"' + value.replaceAll('"', '&quot;') + '"';
}

const NEEDS_ESCAPE = /[<>&\x00-\x08\x0B\x0C\x0E-\x1F]/;

/** Whether escapeText changes anything (a loop for short strings: a regex call costs more there). */
function needsEscape(text: string): boolean {
  if (text.length > 64) return NEEDS_ESCAPE.test(text);
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c === 0x3c || c === 0x3e || c === 0x26) return true;
  }
  return false;
}

/**
 * entities.c xmlEncodeEntitiesInternal for an HTML document: `<`, `>`, `&` as entities, control chars dropped,
 * everything else (\t \n \r and non-ASCII included) as it is. In an attribute, `&{...}` and `<!--...` are kept.
 */
function escapeText(text: string, attribute: boolean): string {
  if (!needsEscape(text)) return text;
  let out = '';
  let from = 0;
  // Once a search found nothing, later ones would not either (and would make this quadratic).
  let noCommentEnd = false;
  let noBrace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      if (c !== 0x3c && c !== 0x3e && c !== 0x26) continue;
    }
    out += text.slice(from, i);
    from = i + 1;
    if (c === 0x3c) {
      // A server-side include `<!--...-->` stays as it is, its `-->` included.
      const opens = attribute && !noCommentEnd && text.startsWith('!--', i + 1);
      const end = opens ? text.indexOf('-->', i) : -1;
      if (opens && end < 0) noCommentEnd = true;
      if (end >= 0) {
        out += text.slice(i, end + 3);
        from = end + 3;
        i = end + 2;
      } else {
        out += '&lt;';
      }
    } else if (c === 0x3e) {
      out += '&gt;';
    } else if (c === 0x26) {
      // HTML 4's `&{script}` stays as it is, its `}` included.
      const opens = attribute && !noBrace && text.charCodeAt(i + 1) === 0x7b;
      const close = opens ? text.indexOf('}', i) : -1;
      if (opens && close < 0) noBrace = true;
      if (close >= 0) {
        out += text.slice(i, close + 1);
        from = close + 1;
        i = close;
      } else {
        out += '&amp;';
      }
    }
    // Other control chars: dropped.
  }
  return out + text.slice(from);
}

// uri.c xmlURIEscapeStr(value, "@/:=?;#%&,+<>"): what stays as it is (unreserved chars and that list).
const URI_KEEP = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~*'()@/:=?;#%&,+<>") {
  URI_KEEP[c.charCodeAt(0)] = 1;
}
const HEX = '0123456789ABCDEF';

function uriEscape(value: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x80 && URI_KEEP[c] === 1) continue;
    out += value.slice(from, i);
    if (c < 0x80) {
      out += '%' + HEX[c >> 4] + HEX[c & 15];
      from = i + 1;
    } else {
      const cp = value.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      for (const byte of Buffer.from(value.slice(i, i + width), 'utf8')) out += '%' + HEX[byte >> 4] + HEX[byte & 15];
      i += width - 1;
      from = i + 1;
    }
  }
  return from === 0 ? value : out + value.slice(from);
}

const NON_ASCII = /[^\x00-\x7F]/gu;

/** HTMLparser.c UTF8ToHtml, libxml2's "HTML" output encoder: `&eacute;`, or `&#8364;` where no entity is. */
function encodeHtml(text: string): string {
  return text.replace(NON_ASCII, (char) => {
    const cp = char.codePointAt(0)!;
    const name = VALUE_NAMES.get(cp);
    return name === undefined ? '&#' + cp + ';' : '&' + name + ';';
  });
}

/** HTMLtree.c htmlGetMetaEncoding: the charset of a `<meta http-equiv="Content-Type" content="...">`. */
function metaEncoding(doc: DocumentNode): string | null {
  let list: readonly Node[] = doc.children;
  let found: readonly Node[] | null = null;
  let metaStart = -1;
  const element = (node: Node): ElementNode | null => (node.type === 'element' ? node : null);
  // The html element (or a head or meta straight in the document).
  let html: ElementNode | null = null;
  for (let k = 0; k < list.length && found === null && html === null; k++) {
    const el = element(list[k]!);
    if (el === null) continue;
    if (el.name === 'html') html = el;
    else if (el.name === 'head') found = el.children;
    else if (el.name === 'meta') {
      found = list;
      metaStart = k;
    }
  }
  if (found === null) {
    if (html === null) return null;
    list = html.children;
    let head: ElementNode | null = null;
    for (let k = 0; k < list.length && found === null && head === null; k++) {
      const el = element(list[k]!);
      if (el === null) continue;
      if (el.name === 'head') head = el;
      else if (el.name === 'meta') {
        found = list;
        metaStart = k;
      }
    }
    if (found === null) {
      if (head === null) return null;
      found = head.children;
    }
  }
  for (let k = Math.max(metaStart, 0); k < found.length; k++) {
    const el = element(found[k]!);
    if (el === null || el.name !== 'meta') continue;
    let http = false;
    let content: string | null = null;
    for (const attribute of el.attributes) {
      if (attribute.value === null) continue;
      const lower = attribute.name.toLowerCase();
      if (lower === 'http-equiv' && attribute.value.toLowerCase() === 'content-type') http = true;
      else if (lower === 'content') content = attribute.value;
      if (http && content !== null) return contentEncoding(content);
    }
  }
  return null;
}

function contentEncoding(content: string): string | null {
  let at = -1;
  for (const key of ['charset=', 'Charset=', 'CHARSET=']) {
    at = content.indexOf(key);
    if (at >= 0) {
      at += 8;
      break;
    }
  }
  if (at < 0) {
    for (const key of ['charset =', 'Charset =', 'CHARSET =']) {
      at = content.indexOf(key);
      if (at >= 0) {
        at += 9;
        break;
      }
    }
  }
  if (at < 0) return null;
  while (content[at] === ' ' || content[at] === '\t') at++;
  return content.slice(at);
}
