/**
 * The HTML of /view/{ID}.html (MP server/apiv1/testing.go; docs/spec/mailpit-api.md#256-viewidhtml-and-viewidtxt-mp-serverapiv1testinggo-serverservergo-viewhandler):
 * each `cid:` reference to an inline part or attachment in an attribute pointed at that part's URL, and with
 * `?embed=1` the document parsed and written again whole, every link opening in a new tab without a referrer.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { type ChildNode, isTag } from 'domhandler';
import type { MailpitAttachment } from './envelope.js';
import { cutDeepNesting } from './html-depth.js';

const MAX_DEPTH = 256;

/** `(=["']?)(cid:<id>)(<one of " | ' \ s / > ;>)`, as Mailpit's expression reads (its `\\s` is a backslash and an s). */
export function linkInlineImages(
  html: string,
  partUrl: (partId: string) => string,
  parts: MailpitAttachment[],
): string {
  let linked = html;
  for (const part of parts) {
    if (part.ContentID === '') continue;
    const reference = new RegExp(`(=["']?)(cid:${escapeRegExp(part.ContentID)})(["|'\\\\s/>;])`, 'gi');
    // Mailpit replaces every occurrence of each match's text: the same as replacing each match.
    linked = linked.replace(reference, (_match, before: string, _cid: string, after: string) => {
      return `${before}${partUrl(part.PartID)}${after}`;
    });
  }
  return linked;
}

/**
 * `?embed=1`: the HTML as a whole document (`<html><head></head><body>…</body></html>` around a fragment), each
 * `<a>` with `target="_blank"` and `rel="noreferrer noopener"` (replacing those attributes, else added last).
 * Mailpit also adds a script that posts the page's height to its web UI's frame; none is added here, since no
 * script runs on /view (its Content-Security-Policy).
 */
export function embedHtml(html: string): string {
  const document = parseDocument(html);
  cutDeepNesting(document.children);
  setLinkTargets(document.children, 0);
  const hasDocument = document.children.some((node) => isTag(node) && node.name === 'html');
  const serialized = DomUtils.getOuterHTML(document.children, { decodeEntities: true, encodeEntities: 'utf8' });
  return hasDocument ? serialized : `<html><head></head><body>${serialized}</body></html>`;
}

function setLinkTargets(nodes: ChildNode[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (node.name === 'a') {
      node.attribs.target = '_blank';
      node.attribs.rel = 'noreferrer noopener';
    }
    setLinkTargets(node.children, depth + 1);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
