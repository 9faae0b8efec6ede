/**
 * Each browser test gets its own emulator (in-process, a free port, an in-memory database, the bundled fixtures)
 * and a page; `emulatorOptions` changes how it starts (e.g. bound beyond loopback).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { startEmulator, type StartEmulatorOptions, type StartedEmulator } from '../../server/testing/index.js';

export const test = base.extend<{ emulatorOptions: StartEmulatorOptions; emulator: StartedEmulator }>({
  emulatorOptions: [{}, { option: true }],
  emulator: async ({ emulatorOptions }, use) => {
    const emulator = await startEmulator(emulatorOptions);
    await use(emulator);
    await emulator.stop();
  },
});

export { expect };

/** Sends a mail through the Mailcoach API, as an app would. */
export async function sendMail(
  emulator: StartedEmulator,
  mail: { subject: string; html?: string; text?: string; to?: string },
): Promise<void> {
  await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: mail.to ?? 'jane@example.com',
    subject: mail.subject,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    ...(mail.text === undefined ? {} : { text: mail.text }),
  });
}

/** The inbox's rows, as a user sees them: their subjects, top to bottom. */
export function rowSubjects(page: Page) {
  return page.getByRole('list', { name: 'Messages' }).locator('.subject');
}
