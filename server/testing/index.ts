/**
 * `mailcoach-emulator/testing`: run the emulator inside a test process and talk to it with a typed client.
 *
 *   const emulator = await startEmulator();
 *   // configure the app under test with emulator.apiUrl and emulator.token, then:
 *   const mail = await emulator.client.waitForMessage({ to: 'jane@example.com', subject: 'Welcome' });
 *   mail.links; mail.codes;
 *   await emulator.stop();
 *
 * `createClient({ url, token })` alone talks to an emulator started elsewhere (a container, `npm start`).
 */
export { startEmulator, type StartEmulatorOptions, type StartedEmulator } from './start.js';
export {
  buildQuery,
  createClient,
  EmulatorApiError,
  MailcoachApiError,
  quoteValue,
  WaitForCampaignSentTimeoutError,
  WaitForMessageTimeoutError,
  type Campaign,
  type CampaignStatus,
  type WaitForCampaignOptions,
  type ClientOptions,
  type ClockState,
  type EmulatorClient,
  type EmulatorEvent,
  type EmulatorSettings,
  type SubscribeOptions,
  type FaultMethod,
  type FaultRule,
  type FaultRuleInput,
  type FixtureFile,
  type FixtureProblem,
  subscriberStatus,
  type EmailList,
  type EmailListFixture,
  type EmailListInput,
  type Subscriber,
  type SubscriberStatus,
  type SubscribeInput,
  type MailcoachPage,
  type MailcoachPageLink,
  type SuppressionOrigin,
  type SuppressionQuery,
  type LogItem,
  type LogItemQuery,
  type LogItemWithLinks,
  type SendQuery,
  type SendWithState,
  type FixturesStatus,
  type RenderDiagnostic,
  type RenderRequest,
  type StudioTemplate,
  type TemplateInput,
  type TemplateRender,
  type TemplateType,
  type MailAddress,
  type MailcoachResponse,
  type Message,
  type MessageAttachment,
  type MessageFilter,
  type MessageHeader,
  type MessagePage,
  type MessageSummary,
  type PageOptions,
  type SeedCounts,
  type Send,
  type Suppression,
  type TransactionalMailRequest,
  type WaitOptions,
} from './client.js';
export type { Logger } from '../logger.js';
