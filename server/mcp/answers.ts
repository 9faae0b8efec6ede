/**
 * What a tool answers: a short text an agent reads first (the MCP clients pass `content` to the model), and the
 * full JSON beside it as `structuredContent` for clients that read structure.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { MailAddress, MessageSummary } from '../testing/client.js';

export function answer(text: string, structured: object): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured as Record<string, unknown> };
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function addresses(list: MailAddress[]): string {
  return list.length === 0 ? '(none)' : list.map(address).join(', ');
}

export function address(value: MailAddress | null): string {
  if (value === null) return '(none)';
  return value.name === '' ? value.email : `${value.name} <${value.email}>`;
}

/** One line per message: when, subject, who, and what else marks it; its uuid last, for the next tool. */
export function summaryLine(message: MessageSummary): string {
  const marks = [
    message.via === 'smtp' ? 'via SMTP' : null,
    message.template === null ? null : `template ${message.template}`,
    message.origin,
    message.attachments > 0 ? plural(message.attachments, 'attachment') : null,
    message.problems ? plural(message.problems, 'problem') : null,
  ].filter((mark) => mark !== null);
  const to = message.to.map((recipient) => recipient.email).join(', ') || '(none)';
  return `- ${message.created_at} ${JSON.stringify(message.subject)} from ${message.from?.email ?? '(none)'} to ${to}${marks.length === 0 ? '' : ` (${marks.join(', ')})`} [${message.uuid}]`;
}
