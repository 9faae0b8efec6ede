/** Captured messages as the inbox API answers them: the types of server/emulator/schemas/messages.ts (types only, no zod at run time). */
export type {
  MailAddress,
  Message,
  MessageAttachment,
  MessageHeader,
  MessagePage,
  MessageSummary,
} from '../../emulator/schemas/messages.js';
