/**
 * The storage module: the only place with SQL (this file and its siblings in server/db). Handlers and domain
 * code get typed functions, never statements.
 */
import { leaveCheckpointsToCheckpointer, startCheckpointer } from './checkpointer.js';
import { createGroupCommit } from './group-commit.js';
import { createAutomationStore } from './automations-store.js';
import { createCampaignTemplateStore } from './campaign-templates-store.js';
import { createCampaignStore } from './campaigns-store.js';
import { createCampaignStatisticsStore } from './campaign-statistics-store.js';
import { createEmailListStore } from './email-lists-store.js';
import { createLogItemStore } from './log-items-store.js';
import { createMailpitMessageStore } from './mailpit-messages.js';
import { createMessageCheckStore } from './message-checks-store.js';
import { createMessageTagStore } from './message-tags-store.js';
import { createMessageStore } from './messages-store.js';
import { openDatabase, type Db } from './open.js';
import { createSegmentStore } from './segments-store.js';
import { createSendStore } from './sends-store.js';
import { Statements } from './statements.js';
import { createSubscriberImportStore } from './subscriber-imports-store.js';
import { createSubscriberStore } from './subscribers-store.js';
import { createSuppressionStore } from './suppressions-store.js';
import { createTagStore } from './tags-store.js';
import { createTemplateStore } from './templates-store.js';
import { createWebhookStore } from './webhooks-store.js';
import { createWorkspaceStore } from './workspace-store.js';
import { writeTransaction } from './write-transaction.js';

export function createStore(db: Db) {
  const statements = new Statements(db);
  const workspaceByKey = db.prepare('SELECT id FROM workspaces WHERE key = ?');
  const insertWorkspace = db.prepare('INSERT INTO workspaces (key, created_at) VALUES (?, ?)');
  const checkpointer = startCheckpointer(db);
  const messages = createMessageStore(statements);
  const templates = createTemplateStore(statements);
  const workspaces = createWorkspaceStore(db, (workspaceId) => void messages.deleteAll(workspaceId));

  return {
    suppressions: createSuppressionStore(statements),
    templates,
    sends: createSendStore(statements),
    logItems: createLogItemStore(statements),
    messages,
    mailpit: createMailpitMessageStore(statements),
    messageChecks: createMessageCheckStore(statements),
    messageTags: createMessageTagStore(statements),
    emailLists: createEmailListStore(statements),
    subscribers: createSubscriberStore(statements),
    tags: createTagStore(statements),
    segments: createSegmentStore(statements),
    campaignTemplates: createCampaignTemplateStore(statements),
    campaigns: createCampaignStore(statements),
    campaignStatistics: createCampaignStatisticsStore(statements),
    automations: createAutomationStore(statements),
    subscriberImports: createSubscriberImportStore(statements),
    webhooks: createWebhookStore(statements),
    workspaces: {
      ...workspaces,
      clear(workspaceId: number): void {
        try {
          workspaces.clear(workspaceId);
        } finally {
          templates.forgetLookups();
        }
      },
    },

    /** The workspace's id, and whether this call created it (a new workspace gets the fixtures). */
    ensureWorkspace(key: string, createdAt: number): { id: number; created: boolean } {
      const existing = workspaceByKey.get(key) as { id: number } | undefined;
      if (existing !== undefined) return { id: existing.id, created: false };
      return { id: Number(insertWorkspace.run(key, createdAt).lastInsertRowid), created: true };
    },

    /** The database file, which other connections can open; null for an in-memory database. */
    file: db.memory ? null : db.name,

    /** Runs `work` atomically: all of its writes land, or none. */
    transaction<T>(work: () => T): T {
      return writeTransaction(db, work);
    },

    /**
     * Runs `work` atomically too, but committed together with the other writes queued in the same turn of the
     * event loop (group-commit.ts): for the hot write paths; resolves once committed.
     */
    groupCommit: createGroupCommit(db),

    close: (): void => {
      checkpointer.stop();
      db.close();
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/**
 * A second connection to the database file, for a capture worker (mail/capture/jobs.ts) to store what it
 * renders: the inserts of a send and their group commit. Checkpoints stay with the main store's checkpointer.
 */
export function openCaptureStore(file: string) {
  const db = openDatabase(file);
  leaveCheckpointsToCheckpointer(db);
  const statements = new Statements(db);
  return {
    messages: createMessageStore(statements),
    messageTags: createMessageTagStore(statements),
    logItems: createLogItemStore(statements),
    sends: createSendStore(statements),
    suppressions: createSuppressionStore(statements),
    groupCommit: createGroupCommit(db),
    // What the problem checks read (checks/problem-step.ts), which run there while captures pause.
    messageChecks: createMessageCheckStore(statements),
    subscribers: createSubscriberStore(statements),
    campaigns: createCampaignStore(statements),
  };
}

/**
 * A read connection to the database file, for the search worker (search/worker.ts): it only runs
 * searches, so it writes nothing and leaves checkpoints to the main store.
 */
export function openSearchReader(file: string) {
  const db = openDatabase(file);
  leaveCheckpointsToCheckpointer(db);
  const statements = new Statements(db);
  return { messages: createMessageStore(statements), logItems: createLogItemStore(statements) };
}
