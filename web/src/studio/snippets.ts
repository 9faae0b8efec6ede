/**
 * "Copy as": the send of this template with the current replacements, as code for an app (text, never run here).
 * The same request the studio's "Send a test mail" makes.
 */
import type { Replacements } from './url-state.js';

export interface SendSnippetInput {
  api: string;
  token: string;
  name: string;
  from: string;
  to: string;
  replacements: Replacements;
}

export function sendSnippets({ api, token, name, from, to, replacements }: SendSnippetInput): Array<[string, string]> {
  const body = JSON.stringify({ mail_name: name, from, to, replacements }, null, 2);
  const php = (indent: string) => phpValue(replacements, indent);
  const className = `${name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase()).replace(/^[^A-Za-z]+/, '') || 'Template'}Mail`;
  return [
    [
      'curl',
      `curl -X POST ${api}/transactional-mails/send \\
  -H 'Authorization: Bearer ${token}' -H 'Accept: application/json' \\
  -H 'Content-Type: application/json' \\
  -d '${body.replace(/'/g, `'\\''`)}'`,
    ],
    [
      'PHP SDK',
      `$mailcoach = new \\Spatie\\MailcoachSdk\\Mailcoach('${phpString(token)}', '${phpString(api)}');
$mailcoach->post('transactional-mails/send', [
    'mail_name' => ${phpQuote(name)},
    'from' => ${phpQuote(from)},
    'to' => ${phpQuote(to)},
    'replacements' => ${php('    ')},
]);`,
    ],
    [
      'Laravel',
      `// spatie/laravel-mailcoach-mailer, with the 'mailcoach' mailer pointed at this emulator
use Illuminate\\Mail\\Mailable;
use Spatie\\MailcoachMailer\\Concerns\\UsesMailcoachMail;

class ${className} extends Mailable
{
    use UsesMailcoachMail;

    public function build()
    {
        $this->mailcoachMail(${phpQuote(name)}, ${php('        ')});
    }
}

Mail::to(${phpQuote(to)})->send(new ${className}());`,
    ],
  ];
}

function phpString(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

function phpQuote(text: string): string {
  return `'${phpString(text)}'`;
}

/** A JSON value as a PHP literal (short arrays), indented from `indent`. */
function phpValue(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return phpQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${phpValue(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '[]';
  return `[\n${entries.map(([key, item]) => `${inner}${phpQuote(key)} => ${phpValue(item, inner)},`).join('\n')}\n${indent}]`;
}
