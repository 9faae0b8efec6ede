/** A captured message as an agent reads it: who, what, its links and codes first; headers and bodies after. */
import type { Message } from '../testing/client.js';
import { address, addresses, plural } from './answers.js';
import { messagePartUri } from './resources.js';

/** The message without its HTML unless asked for: a mail's HTML is long and mostly markup. */
export function messageStructure(message: Message, includeHtml: boolean): Record<string, unknown> {
  if (includeHtml) return message;
  const { html: _html, ...rest } = message;
  return { ...rest, has_html: message.html !== null };
}

export function describeMessage(message: Message, includeHtml: boolean): string {
  const lines = [
    `Message ${message.uuid}: ${JSON.stringify(message.subject)}`,
    `From: ${address(message.from)}`,
    `To: ${addresses(message.to)}`,
    ...(message.cc.length > 0 ? [`Cc: ${addresses(message.cc)}`] : []),
    ...(message.bcc.length > 0 ? [`Bcc: ${addresses(message.bcc)}`] : []),
    `Captured: ${message.created_at} via ${message.via}${message.template === null ? '' : `, template ${message.template}`}${message.origin === null ? '' : `, ${message.origin}`}`,
    ...(message.send_uuid === null ? [] : [`Send: ${message.send_uuid} (for simulate)`]),
    '',
    message.link_details.length === 0 ? 'Links: none' : `Links (${message.link_details.length}):`,
    ...message.link_details.map(
      (link) => `- ${link.url}${link.text === null ? '' : ` (${JSON.stringify(link.text)})`}`,
    ),
    `Codes: ${message.codes.length === 0 ? 'none' : message.codes.join(', ')}`,
    message.attachments.length === 0
      ? 'Attachments: none'
      : `Attachments: ${message.attachments.map((file) => `${file.filename} (${file.content_type}, ${plural(file.size, 'byte')})`).join(', ')}`,
    message.problems === null
      ? 'Checks: not run yet (check_message)'
      : `Checks: ${plural(message.problems, 'problem')} (check_message)`,
    `Resources: ${messagePartUri(message.uuid, 'raw')}${message.html === null ? '' : `, ${messagePartUri(message.uuid, 'html')}`}${message.text === null ? '' : `, ${messagePartUri(message.uuid, 'text')}`}`,
    '',
    'Headers:',
    ...message.headers.map((header) => `${header.name}: ${header.value}`),
    '',
    message.text === null ? 'Text part: none' : `Text part:\n${message.text}`,
  ];
  if (message.html === null) lines.push('', 'HTML part: none');
  else if (includeHtml) lines.push('', `HTML part:\n${message.html}`);
  else lines.push('', `HTML part: ${plural(message.html.length, 'character')} (include_html: true shows it)`);
  return lines.join('\n');
}
