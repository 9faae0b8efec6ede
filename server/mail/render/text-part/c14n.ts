/**
 * `html_entity_decode($element->getChildrenAsString())`, which CodeConverter, PreformattedConverter and
 * LinkConverter (an <a> without href) write: Element::getChildrenAsString() is DOMNode::C14N() (inclusive
 * canonical XML without comments) of the element itself, whose escapes (&amp; &lt; &gt; &quot; &#xD; &#x9;
 * &#xA;) the decode undoes. So the result is the element written raw:
 *   - an element as <name a="v" b="w">children</name>, attributes sorted by name (xmlC14NAttrsCompare), a void
 *     one closed all the same (<br></br>), a bare attribute as name="" (libxml2 gave the boolean ones their name
 *     as value when it parsed them);
 *   - text raw (script and style content, CDATA to libxml2, too), including the Markdown of converted children;
 *   - no comments; a processing instruction as <?target value?>, whose value C14N does not escape, so that the
 *     decode resolves the entities in it.
 * Unconverted subtrees (inside <pre> and <code>) are written without recursion.
 */
import type { ElementNode, Node, ProcessingInstructionNode } from '../libxml/dom.js';
import { htmlEntityDecode } from './entities.js';

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function startTag(element: ElementNode): string {
  const attributes = element.attributes;
  if (attributes.length === 0) return '<' + element.name + '>';
  const sorted = attributes.length === 1 ? attributes : attributes.slice().sort(byName);
  let tag = '<' + element.name;
  for (const attribute of sorted) tag += ' ' + attribute.name + '="' + (attribute.value ?? '') + '"';
  return tag + '>';
}

/** xmlC14NProcessPINode(), decoded: `<?target?>` for one without data at all (libxml2's NULL content). */
export function processingInstructionString(node: ProcessingInstructionNode): string {
  return node.bare === true
    ? '<?' + node.target + '?>'
    : '<?' + node.target + ' ' + htmlEntityDecode(node.value) + '?>';
}

/** One node of an unconverted subtree, written iteratively. */
function writeNode(root: Node): string {
  if (root.type === 'text') return root.value;
  if (root.type === 'pi') return processingInstructionString(root);
  if (root.type !== 'element') return '';
  let out = '';
  const elements: ElementNode[] = [root];
  const indexes: number[] = [0];
  out += startTag(root);
  while (elements.length > 0) {
    const top = elements.length - 1;
    const element = elements[top] as ElementNode;
    const index = indexes[top] as number;
    if (index >= element.children.length) {
      out += '</' + element.name + '>';
      elements.pop();
      indexes.pop();
      continue;
    }
    indexes[top] = index + 1;
    const child = element.children[index] as Node;
    if (child.type === 'text') out += child.value;
    else if (child.type === 'pi') out += processingInstructionString(child);
    else if (child.type === 'element') {
      out += startTag(child);
      elements.push(child);
      indexes.push(0);
    }
  }
  return out;
}

/**
 * html_entity_decode($element->getChildrenAsString()) of an element whose children are parts[start, end): a
 * converted child is its Markdown (a text node now), an unconverted one the node itself.
 */
export function childrenAsString(
  element: ElementNode,
  parts: readonly (string | Node)[],
  start: number,
  end: number,
): string {
  let out = startTag(element);
  for (let i = start; i < end; i++) {
    const part = parts[i] as string | Node;
    out += typeof part === 'string' ? part : writeNode(part);
  }
  return out + '</' + element.name + '>';
}
