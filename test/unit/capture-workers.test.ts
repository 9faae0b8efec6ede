/**
 * Capture's worker pool fallback (server/mail/capture/index.ts, server/workers/pool.ts). A template job waits for a starting worker
 * rather than render in this thread; a worker that dies before it is ready must end that wait at once, and the
 * job then runs here. Under vitest a worker cannot load the pool's TypeScript module, so every worker started
 * here dies unready: the case of a pool that cannot run where the emulator runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/open.js';
import { createStore, type Store } from '../../server/db/store.js';
import { type CaptureJob, type CaptureRecords, openCapture } from '../../server/mail/capture/index.js';
import { EventBus } from '../../server/events.js';

let dir: string;
let file: string;
let store: Store;
let workspaceId: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mce-capture-workers-'));
  file = join(dir, 'db.sqlite');
  store = createStore(openDatabase(file));
  workspaceId = store.ensureWorkspace('default', 1_700_000_000).id;
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function templateJob(n: number): { job: CaptureJob; records: CaptureRecords } {
  const job: CaptureJob = {
    template: { body: '<p>Hello ::first_name::</p>', type: 'html', subject: 'Welcome' },
    subject: null,
    html: null,
    text: null,
    replacements: { first_name: `Jane ${n}` },
    envelope: {
      from: { name: 'Acme', email: 'shop@acme.example' },
      to: [{ name: '', email: 'jane@example.com' }],
      cc: [],
      bcc: [],
      replyTo: [],
      attachments: [],
      messageId: `message-${n}@acme.example`,
      date: new Date('2025-03-01T10:00:00Z'),
      headers: {},
    },
  };
  const records: CaptureRecords = {
    workspaceId,
    messageUuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    meta: { templateName: 'welcome', replacements: job.replacements },
    logItem: null,
    send: null,
  };
  return { job, records };
}

it('runs template jobs in this thread as soon as the starting worker dies, not after the wait for it runs out', async () => {
  // The wait for a ready worker gives up after READY_WAIT_MS (10 s) on a timer. With the timers faked and never
  // advanced, that timer cannot fire: only the worker's death can end the wait, and without it the jobs would
  // wait for the test's timeout.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const capture = openCapture({ workers: 1, store, databaseFile: file, events: new EventBus() });
  try {
    await Promise.all([1, 2, 3].map((n) => templateJob(n)).map(({ job, records }) => capture.send(job, records)));
    expect(vi.getTimerCount()).toBe(0);
    expect(store.messages.count(workspaceId)).toBe(3);
    // The pool is off now: a later template job runs here at once too.
    const { job, records } = templateJob(4);
    await capture.send(job, records);
    expect(store.messages.count(workspaceId)).toBe(4);
  } finally {
    vi.useRealTimers();
    await capture.close();
  }
});

it('announces each message once it is stored, whichever way it came in (a built job, or a message built elsewhere)', async () => {
  const events = new EventBus();
  const heard: Array<{ uuid: string; stored: boolean }> = [];
  events.on('message.captured', ({ workspaceId: id, uuid }) =>
    heard.push({ uuid, stored: store.messages.findByUuid(id, uuid) !== undefined }),
  );
  const capture = openCapture({ workers: 0, store, databaseFile: file, events });
  try {
    const first = templateJob(1);
    await capture.send(first.job, first.records);
    // A resend's copy: the message is built by its caller, then stored (and announced) by the door.
    const second = templateJob(2);
    const mail = { ...second.job.envelope, subject: 'Copy', html: '<p>copy</p>', text: 'copy' };
    await capture.store(mail, Buffer.from('Subject: Copy\r\n\r\ncopy'), second.records);
    expect(heard).toEqual([
      { uuid: first.records.messageUuid, stored: true },
      { uuid: second.records.messageUuid, stored: true },
    ]);
  } finally {
    await capture.close();
  }
});
