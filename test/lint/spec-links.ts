/**
 * Rule 8 of test/lint.sh: every link to a document resolves, and every citation of the specification is a link.
 *
 * - In code (server/, web/src/, test/, the build scripts), a path under `docs/` is read from the repository root
 *   (`docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats`): the file must exist and its `#anchor` must
 *   be the GitHub slug of one of its headings.
 * - In Markdown (every tracked `.md` but the verbatim copies of the spec in docs/spec/), a relative `[label](target)` is read
 *   from the file's folder, with the same two checks.
 * - A section sign (U+00A7) is a citation: outside docs/spec/ it must belong to an RFC citation (RFC 5321 then
 *   the sign and 4.5.2) or be in the label of a Markdown link; any other is a citation of our specification left
 *   without its link.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** GitHub's anchor for a heading (github-slugger): its text lowercased, punctuation dropped, spaces as hyphens. */
function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, with GitHub's `-1`, `-2` suffixes for repeated ones. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fenceMark !== undefined) {
      fence = fence === null ? fenceMark : fence === fenceMark ? null : fence;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();

/** Why `target` (a repository path, with an optional `#anchor`) does not resolve, or null when it does. */
function brokenTarget(target: string): string | null {
  const [path = '', anchor] = target.split('#', 2);
  const file = join(root, path);
  if (!existsSync(file)) return `${path} does not exist`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(file).isDirectory() || !path.endsWith('.md')) return `${path} is not a Markdown file with headings`;
  let anchors = anchorCache.get(path);
  if (anchors === undefined) {
    anchors = headingAnchors(readFileSync(file, 'utf8'));
    anchorCache.set(path, anchors);
  }
  return anchors.has(anchor) ? null : `${path} has no heading #${anchor}`;
}

/** Whether the section sign at `index` of `line` is allowed: part of an RFC citation, or in a Markdown link's label. */
function citationAllowed(line: string, index: number): boolean {
  const before = line.slice(0, index);
  if (/RFC \d+(?:[\s,]*(?:and\s+)?\u00a7\d+(?:\.\d+)*)*[\s,]*(?:and\s+)?$/.test(before)) return true;
  return /\[[^\]]*$/.test(before) && /^[^[\]]*\]\((?!https?:)[^)]+\)/.test(line.slice(index));
}

interface Problem {
  where: string;
  what: string;
}

function checkCode(file: string, text: string, problems: Problem[]): void {
  text.split('\n').forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const match of line.matchAll(/(?<![\w./-])docs\/[\w./-]*[\w/](?:#[\w-]+)?/g)) {
      const broken = brokenTarget(match[0]);
      if (broken !== null) problems.push({ where, what: `${match[0]}: ${broken}` });
    }
    for (const match of line.matchAll(/\u00a7/g)) {
      if (!citationAllowed(line, match.index)) {
        problems.push({ where, what: `a \u00a7 citation without its link: ${line.trim().slice(0, 100)}` });
      }
    }
  });
}

function checkMarkdown(file: string, text: string, problems: Problem[]): void {
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    const where = `${file}:${i + 1}`;
    const prose = line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? '';
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
      const resolved = target.startsWith('#') ? `${file}${target}` : normalize(join(dirname(file), target));
      const broken = resolved.startsWith('..') ? `${target} leaves the repository` : brokenTarget(resolved);
      if (broken !== null) problems.push({ where, what: `${target}: ${broken}` });
    }
    for (const match of prose.matchAll(/\u00a7/g)) {
      if (!citationAllowed(prose, match.index)) {
        problems.push({ where, what: `a \u00a7 citation without its link: ${line.trim().slice(0, 100)}` });
      }
    }
  });
}

function main(): void {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && existsSync(join(root, file)));
  const code = tracked.filter((file) => /^(server|web\/src|test)\//.test(file) && /\.(ts|tsx|mjs|js|sh)$/.test(file));
  code.push(...tracked.filter((file) => /^[^/]+\.(mjs|ts)$/.test(file)));
  const markdown = tracked.filter(
    (file) => file.endsWith('.md') && (!file.startsWith('docs/spec/') || file === 'docs/spec/README.md'),
  );
  const problems: Problem[] = [];
  for (const file of code) checkCode(file, readFileSync(join(root, file), 'utf8'), problems);
  for (const file of markdown) checkMarkdown(file, readFileSync(join(root, file), 'utf8'), problems);
  for (const { where, what } of problems) console.error(`${where}: ${what}`);
  if (problems.length > 0) {
    console.error(
      `lint: ${problems.length} broken link(s) or unlinked \u00a7 citation(s): link the spec as docs/spec/<file>.md#<heading-slug> (${relative(process.cwd(), join(root, 'docs/spec/README.md'))})`,
    );
    process.exitCode = 1;
  }
}

main();
