/** The rows of captured messages as the store reads and writes them, and the shapes of an inbox search. */
export interface MessageRow {
  id: number;
  workspace_id: number;
  uuid: string;
  message_id: string;
  envelope_from: string;
  /** JSON array of every recipient address, Bcc included. */
  envelope_to_json: string;
  /** JSON arrays of {name, email}. */
  from_json: string;
  to_json: string;
  cc_json: string;
  bcc_json: string;
  reply_to_json: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  /** JSON array of {filename, content_type, content_id, size}. */
  attachments_json: string;
  size: number;
  template_name: string | null;
  replacements_json: string | null;
  created_at_ms: number;
  /** The campaign, list and subscriber a campaign or confirmation mail came from (migration 18); null otherwise. */
  campaign_uuid: string | null;
  email_list_uuid: string | null;
  subscriber_uuid: string | null;
  /** 1 once opened in the inbox (or marked read), else 0. */
  read: number;
  /** How the mail was received (migration 24): built by an API send (a resend, a campaign...), or over SMTP. */
  via: MessageVia;
  /** The SMTP AUTH user, or the Basic user of a Mailpit send (migration 26); '' when none. */
  username: string;
  /** Mailpit's Snippet, attachment and inline counts and search text (migration 27, mail/mailpit-facts.ts). */
  mailpit_snippet: string;
  mailpit_attachments: number;
  mailpit_inlines: number;
  /** Null for a message stored before migration 27, until the Mailpit surface computes it. */
  mailpit_search_text: string | null;
  /** Mailpit's Size: the raw with the headers Mailpit adds (migration 32); null for a message stored before. */
  mailpit_size: number | null;
}

type MessageVia = 'api' | 'smtp';

type MailpitFactColumn =
  | 'mailpit_snippet'
  | 'mailpit_attachments'
  | 'mailpit_inlines'
  | 'mailpit_search_text'
  | 'mailpit_size';
export type MailpitFactColumns = Pick<MessageRow, MailpitFactColumn>;

export interface AttachmentRow {
  filename: string;
  content_type: string;
  content_id: string | null;
  content: Buffer;
}

/** `via` defaults to `api` (only the SMTP intake says otherwise), `username` to ''; no Mailpit facts: computed later. */
export type NewMessage = Omit<MessageRow, 'id' | 'read' | 'via' | 'username' | MailpitFactColumn> & {
  via?: MessageVia;
  username?: string;
  mailpit?: MailpitFactColumns;
  raw: Buffer;
  attachments: AttachmentRow[];
};

/** The records a stored send made for the message (null for a mail sent with store=false, or a resend's copy). */
interface MessageLinks {
  log_item_uuid: string | null;
  send_uuid: string | null;
}

/** How many problems the checks found (migration 25); null until the background check reaches the message. */
interface MessageProblems {
  problems: number | null;
}

/** The message's Mailpit tags (migration 26), a JSON array of names sorted case-insensitively. */
interface MessageTagNames {
  tags_json: string;
}

export type LinkedMessageRow = MessageRow & MessageLinks & MessageProblems & MessageTagNames;

/** What a list needs of a message: no bodies, only their first characters. */
export type MessageSummaryRow = Pick<
  MessageRow,
  | 'id'
  | 'workspace_id'
  | 'uuid'
  | 'message_id'
  | 'from_json'
  | 'to_json'
  | 'cc_json'
  | 'bcc_json'
  | 'subject'
  | 'size'
  | 'attachments_json'
  | 'template_name'
  | 'created_at_ms'
  | 'read'
  | 'campaign_uuid'
  | 'email_list_uuid'
  | 'via'
> &
  MessageLinks & {
    /** The text body's first 1,000 characters. */
    text_head: string | null;
    /** For a mail without text only: the HTML body's first 20,000 characters. */
    html_head: string | null;
  } & MessageProblems &
  MessageTagNames;

/** One page of an inbox search, and how many messages match in all. */
export interface SearchPage {
  rows: MessageSummaryRow[];
  total: number;
}

/** What one step of indexing takes on: at most `messages` messages, about `chars` characters of their text. */
export interface IndexStep {
  messages: number;
  chars: number;
}
