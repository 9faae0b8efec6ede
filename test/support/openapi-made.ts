/**
 * What the answers test's set-up makes (openapi-answers.test.ts fills `made`), and how a call of an operation is
 * written, for the table of calls (openapi-calls*.ts).
 */

export const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
export const PRODUCT_UPDATES = 'f786787b-50d0-4e01-8e5a-04a6e5f7ebb2';
export const WELCOME = '5a1c9e3b-7d24-4f8a-9b61-2e0d4c7f8a13';
export const NO_UUID = '00000000-0000-4000-8000-00000000ffff';

/** What the set-up made, for the calls. */
export const made = {
  unconfirmedA: '',
  unconfirmedB: '',
  subscribedC: '',
  unsubscribedD: '',
  doomed: '',
  steady: '',
  listAttributes: '',
  messageUuid: '',
  htmlOnlyUuid: '',
  logItemUuid: '',
  fakeLogItemUuid: '',
  transactionalSendUuid: '',
  campaignSendUuid: '',
  otherCampaignSendUuid: '',
  sentCampaignUuid: '',
  draftCampaignUuid: '',
  suppressionUuid: '',
  webhookUuid: '',
  callUuid: '',
  failedCallUuid: '',
};

export interface Call {
  method: string;
  path: string;
  json?: unknown;
  status: number;
  token?: string | null;
}

/** Operations, each with the calls that exercise it. */
export type OperationCalls = Array<[string, () => Call[]]>;
