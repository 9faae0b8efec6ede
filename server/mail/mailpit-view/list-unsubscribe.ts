/**
 * A message's ListUnsubscribe as Mailpit reads the header (MP internal/tools/listunsubscribeparser.go;
 * docs/spec/mailpit-api.md#257-list-unsubscribe-mp-internaltoolslistunsubscribeparsergo): the `<…>` links that
 * start with `mailto:` or `http(s)://` (at most one of each), and what is wrong with the header, comma-joined.
 */

export interface ListUnsubscribe {
  Header: string;
  Links: string[];
  Errors: string;
  HeaderPost: string;
}

const SPACE = /[\t\n\f\r ]/;

export function listUnsubscribe(header: string, post: string): ListUnsubscribe {
  if (header === '') return { Header: '', Links: [], Errors: '', HeaderPost: '' };
  const { links, errors } = parseListUnsubscribe(header);
  return { Header: header, Links: links, Errors: errors, HeaderPost: post };
}

function parseListUnsubscribe(header: string): { links: string[]; errors: string } {
  let value = header.trim();
  for (const comment of value.match(/\([\s\S]*?\)/g) ?? []) value = value.replaceAll(comment, '').trim();
  if (!/<(.*?)>/.test(value)) return { links: [], errors: `"${value}" no valid unsubscribe links found` };
  if (!/^<([\s\S]*?)>$/m.test(value)) return { links: [], errors: `"${value}" should be enclosed in <>` };
  const matches = [...value.matchAll(/<(.*?)>/g)].map((match) => match[1]!);
  const errors: string[] = [];
  const links: string[] = [];
  if (matches.length > 2) {
    errors.push(`"${value}" should include a maximum of one email and one HTTP link`);
  } else {
    for (const join of value.matchAll(/>([\s\S]*?)</g)) {
      if (!/^([\t\n\f\r ]+)?,([\t\n\f\r ]+)?$/m.test(join[1]!)) {
        return { links: [], errors: `"${value}" <> should be split with a comma and optional spaces` };
      }
    }
    let hasMailTo = false;
    let hasHttp = false;
    for (const link of matches) {
      if (SPACE.test(link)) {
        errors.push(`"${link}" should not contain spaces`);
        continue;
      }
      if (/^mailto:[a-zA-Z0-9]/.test(link)) {
        if (hasMailTo) {
          errors.push(`"${link}" should only contain one mailto:`);
          continue;
        }
        hasMailTo = true;
      } else if (/^https?:\/\/[a-zA-Z0-9]/i.test(link)) {
        if (hasHttp) {
          errors.push(`"${link}" should only contain one HTTP link`);
          continue;
        }
        hasHttp = true;
      } else {
        errors.push(`"${link}" should start with either http(s):// or mailto:`);
        continue;
      }
      if (!URL.canParse(link)) {
        errors.push(`parse "${link}": invalid URI`);
        continue;
      }
      links.push(link);
    }
  }
  return { links, errors: errors.join(', ') };
}
