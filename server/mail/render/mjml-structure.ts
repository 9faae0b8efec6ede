/**
 * Tags an MJML body leaves open or closes twice. MJML's own parser (mjml-parser-xml, on htmlparser2) forgives
 * them silently: `<mj-text>Hi</mj-tex>` renders, with the rest of the template swallowed into that text, and
 * its validator says nothing. The template studio reports them with their line, as an editor would, so that a
 * designer sees the mistake rather than a mail that is subtly wrong.
 */

export interface StructureProblem {
  line: number;
  column: number;
  message: string;
}

/**
 * Elements whose content MJML takes as raw HTML up to their closing tag (the components with `endingTag`): no
 * MJML tag inside them is one, so they are skipped whole.
 */
const ENDING_TAGS = new Set([
  'mj-text', 'mj-button', 'mj-table', 'mj-raw', 'mj-navbar-link', 'mj-accordion-title', 'mj-accordion-text',
  'mj-social-element', 'mj-title', 'mj-preview', 'mj-style',
]);

/**
 * An MJML tag or a comment. `[^<>]*` stops at the next `<`, so that every character is looked at a bounded number
 * of times, whatever the body holds (an attribute value with `<` or `>` is not MJML anyone writes).
 */
const TAG = /<!--|<(\/?)(mjml|mj-[a-z0-9-]+)(?=[\s/>])([^<>]*)>/gi;

/** Bodies longer than this are not checked: the check is a help for people editing templates, not a validator. */
export const MAX_CHECKED_LENGTH = 512 * 1024;

export function mjmlStructureProblems(body: string): StructureProblem[] {
  if (body.length > MAX_CHECKED_LENGTH) return [];
  const problems: StructureProblem[] = [];
  const position = createPositions(body);
  const open: Array<{ name: string; at: number }> = [];
  const lower = body.toLowerCase();
  TAG.lastIndex = 0;
  for (let match = TAG.exec(body); match !== null; match = TAG.exec(body)) {
    if (match[0] === '<!--') {
      const end = body.indexOf('-->', TAG.lastIndex);
      if (end === -1) {
        problems.push({ ...position(match.index), message: 'This comment (<!--) is never closed (-->).' });
        break;
      }
      TAG.lastIndex = end + 3;
      continue;
    }
    const [, slash, rawName, attributes] = match as unknown as [string, string, string, string];
    const name = rawName.toLowerCase();
    if (slash === '/') {
      closeTag(name, match.index);
      continue;
    }
    if (attributes.trimEnd().endsWith('/')) continue;
    if (!ENDING_TAGS.has(name)) {
      open.push({ name, at: match.index });
      continue;
    }
    // Raw content up to the closing tag.
    const close = lower.indexOf(`</${name}`, TAG.lastIndex);
    if (close === -1) {
      problems.push({ ...position(match.index), message: `<${name}> is never closed: </${name}> is missing.` });
      return problems;
    }
    TAG.lastIndex = close;
    open.push({ name, at: match.index });
  }
  for (const tag of open.reverse()) problems.push({ ...position(tag.at), message: `<${tag.name}> is never closed: </${tag.name}> is missing.` });
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);

  function closeTag(name: string, at: number) {
    const index = open.findLastIndex((tag) => tag.name === name);
    if (index === -1) {
      problems.push({ ...position(at), message: `</${name}> closes nothing: no <${name}> is open here.` });
      return;
    }
    for (const unclosed of open.splice(index + 1)) {
      const closing = position(at);
      problems.push({
        ...position(unclosed.at),
        message: `<${unclosed.name}> is not closed before </${name}> on line ${closing.line}.`,
      });
    }
    open.pop();
  }
}

/** Line and column (from 1) of an offset; offsets are asked for in increasing order, mostly, so it walks on. */
function createPositions(text: string) {
  let offset = 0;
  let line = 1;
  let lineStart = 0;
  return (target: number): { line: number; column: number } => {
    if (target < offset) {
      offset = 0;
      line = 1;
      lineStart = 0;
    }
    for (let next = text.indexOf('\n', offset); next !== -1 && next < target; next = text.indexOf('\n', next + 1)) {
      line++;
      lineStart = next + 1;
    }
    offset = target;
    return { line, column: target - lineStart + 1 };
  };
}
