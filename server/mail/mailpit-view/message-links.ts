/**
 * The links Mailpit's link check asks (MP internal/linkcheck/main.go;
 * docs/spec/mailpit-api.md#26-checks): the `href` of every `a[href]`, then of every `link[rel=stylesheet]`, then
 * the `src` of every `img[src]` that holds an http(s) URL, then the http(s) URLs of the text (one with a character
 * before it, or one in `<…>`); each once, 100 at most, in that order.
 */
import { parseDocument } from 'htmlparser2';
import { type ChildNode, type Element, isTag } from 'domhandler';

const MAX_LINKS = 100;
const URL_IN_ATTRIBUTE = /\b(http|https):\/\/([-\w@:%_+'!.~#?,&/=;]+)/i;
const URL_IN_TEXT = /([^<]\b)((http|https):\/\/([-\w@:%_+'!.~#?,&/=;]+))/gi;
/** Where `<((http|https):\/\/([-\w@:%_+'!.~#?,&/=;][^>]+))>` can start; its end is found by a scan (linear). */
const BRACKET_START = /<https?:\/\/[-\w@:%_+'!.~#?,&/=;]/gi;
/** Mailpit stops reading a text's matches after three times the links it keeps. */
const MAX_MATCHES = MAX_LINKS * 3;
const MAX_DEPTH = 256;

export function messageLinks(html: string, text: string): string[] {
  const links = new Set<string>();
  const add = (link: string) => {
    if (links.size < MAX_LINKS) links.add(link);
  };
  if (html !== '') {
    const elements = tags(parseDocument(html).children);
    const selected = [
      ...elements.filter((el) => el.name === 'a' && el.attribs.href !== undefined).map((el) => el.attribs.href!),
      ...elements
        .filter((el) => el.name === 'link' && el.attribs.rel === 'stylesheet' && el.attribs.href !== undefined)
        .map((el) => el.attribs.href!),
      ...elements.filter((el) => el.name === 'img' && el.attribs.src !== undefined).map((el) => el.attribs.src!),
    ];
    for (const link of selected) if (URL_IN_ATTRIBUTE.test(link)) add(link);
  }
  let matches = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    if (++matches > MAX_MATCHES) break;
    add(match[2]!);
  }
  matches = 0;
  let from = 0;
  for (const match of text.matchAll(BRACKET_START)) {
    if (match.index < from) continue;
    // `[^>]+` then `>`: at least one more character before the next `>`; none at all ends every later match too.
    const close = text.indexOf('>', match.index + match[0].length);
    if (close === -1) break;
    if (close === match.index + match[0].length) continue;
    if (++matches > MAX_MATCHES) break;
    add(text.slice(match.index + 1, close).replaceAll('\n', ''));
    from = close + 1;
  }
  return [...links];
}

/** Every element in document order (to 256 levels). */
function tags(nodes: ChildNode[], depth = 0, found: Element[] = []): Element[] {
  if (depth > MAX_DEPTH) return found;
  for (const node of nodes) {
    if (!isTag(node)) continue;
    found.push(node);
    tags(node.children, depth + 1, found);
  }
  return found;
}
