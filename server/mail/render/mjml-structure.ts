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
  'mj-text',
  'mj-button',
  'mj-table',
  'mj-raw',
  'mj-navbar-link',
  'mj-accordion-title',
  'mj-accordion-text',
  'mj-social-element',
  'mj-title',
  'mj-preview',
  'mj-style',
]);

/**
 * An MJML tag or a comment. `[^<>]*` stops at the next `<`, so that every character is looked at a bounded number
 * of times, whatever the body holds (an attribute value with `<` or `>` is not MJML anyone writes).
 */
const TAG = /<!--|<(\/?)(mjml|mj-[a-z0-9-]+)(?=[\s/>])([^<>]*)>/gi;

/** The start of an MJML tag in lower-cased text. */
const MJML_TAG_START = /<(\/?)(mjml|mj-[a-z0-9-]+)(?=[\s/>])/g;

/** More would not help anyone fix the template: the first ones are where to start. */
const MAX_PROBLEMS = 50;

/** Bodies longer than this are not checked: the check is a help for people editing templates, not a validator. */
export const MAX_CHECKED_LENGTH = 512 * 1024;

export function mjmlStructureProblems(body: string): StructureProblem[] {
  if (body.length > MAX_CHECKED_LENGTH) return [];
  const problems: StructureProblem[] = [];
  const position = createPositions(body);
  const open: Array<{ name: string; at: number }> = [];
  const lower = body.toLowerCase();
  TAG.lastIndex = 0;
  for (let match = TAG.exec(body); match !== null && problems.length < MAX_PROBLEMS; match = TAG.exec(body)) {
    if (match[0] === '<!--') {
      const end = body.indexOf('-->', TAG.lastIndex);
      if (end === -1) {
        // Everything after it is comment: the tags it hides are not worth reporting as well.
        problems.push({ ...position(match.index), message: 'This comment (<!--) is never closed (-->).' });
        return problems;
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
    reportTagInRawContent(name, match.index, TAG.lastIndex, close);
    TAG.lastIndex = close;
    open.push({ name, at: match.index });
  }
  for (const tag of open.reverse())
    problems.push({ ...position(tag.at), message: `<${tag.name}> is never closed: </${tag.name}> is missing.` });
  return problems.sort((a, b) => a.line - b.line || a.column - b.column).slice(0, MAX_PROBLEMS);

  /**
   * An MJML tag inside an ending tag's content is text to MJML: a closing tag mistyped (`</mj-tex>`) or left out
   * makes the element swallow what follows up to the next closing tag of its name. The first such tag is reported.
   */
  function reportTagInRawContent(name: string, openedAt: number, from: number, to: number) {
    MJML_TAG_START.lastIndex = from;
    const inside = MJML_TAG_START.exec(lower);
    if (inside === null || inside.index >= to) return;
    const opened = position(openedAt).line;
    const [, slash, innerName] = inside as unknown as [string, string, string];
    const message =
      slash === '/'
        ? `</${innerName}> closes nothing: <${name}> (line ${opened}) is still open, and MJML takes everything up to the next </${name}> as its content.`
        : `<${innerName}> is inside <${name}> (line ${opened}), whose content MJML takes as text up to the next </${name}>: is a </${name}> missing or mistyped before it?`;
    problems.push({ ...position(inside.index), message });
  }

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

/** Line and column (from 1) of an offset: the line starts found once, then a binary search per offset. */
function createPositions(text: string) {
  const lineStarts = [0];
  for (let next = text.indexOf('\n'); next !== -1; next = text.indexOf('\n', next + 1)) lineStarts.push(next + 1);
  return (offset: number): { line: number; column: number } => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] as number) + 1 };
  };
}
