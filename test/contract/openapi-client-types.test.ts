/**
 * The typed client (server/testing/client.ts, which users' test suites and the web UI use) against the OpenAPI
 * document ("one place per wire shape"): TypeScript types are generated from the document into a
 * temporary directory, and a file of assertions, each "this client type is the same as that generated one", is
 * compiled with the project's compiler options. A field added, dropped, renamed, retyped, made optional or
 * nullable on one side only fails the compile.
 *
 * "The same": each assignable to the other, and again with every property made required at every depth (so that
 * an optional property only one side has is caught too; plain assignability lets it through).
 *
 * The generator is small and written for this document's schemas (type, enum, const, properties, required,
 * additionalProperties, items, oneOf, $ref); anything else makes it throw, so a new construct cannot slip by
 * unchecked. Answers follow the answers test's rule (a schema without `required` requires every property);
 * request bodies JSON Schema's (without `required`, none is).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/openapi/document.js';
import { ROOT } from '../support/emulator-process.js';

type Schema = Record<string, unknown>;
type Mode = 'Res' | 'Req';
const doc = JSON.parse(JSON.stringify(openApiDocument)) as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, Schema>; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const ANNOTATIONS = new Set([
  'description',
  'examples',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'default',
  'pattern',
  'contentMediaType',
  '$comment',
]);

/** The TypeScript type of a schema. */
function typeOf(schema: Schema, mode: Mode, at: string): string {
  const known = new Set([
    ...ANNOTATIONS,
    '$ref',
    'type',
    'enum',
    'const',
    'oneOf',
    'anyOf',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'propertyNames',
  ]);
  const unknownKeys = Object.keys(schema).filter((key) => !known.has(key));
  if (unknownKeys.length > 0) throw new Error(`${at}: the type generator does not know ${unknownKeys.join(', ')}`);
  if (typeof schema.$ref === 'string') return `${mode}_${schema.$ref.split('/').pop()}`;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(schema.oneOf))
    return schema.oneOf
      .map((option, index) => `(${typeOf(option as Schema, mode, `${at}/oneOf/${index}`)})`)
      .join(' | ');
  // anyOf is used only to say which properties must be present together (BounceTarget); it adds no shape.
  if (
    Array.isArray(schema.anyOf) &&
    !schema.anyOf.every((option) => Object.keys(option as Schema).every((key) => key === 'required'))
  ) {
    throw new Error(`${at}: anyOf with shapes`);
  }
  const types =
    schema.type === undefined
      ? schema.properties === undefined
        ? []
        : ['object']
      : ([] as string[]).concat(schema.type as string | string[]);
  if (types.length === 0) return 'unknown';
  return types.map((type) => `(${primitive(schema, type, mode, at)})`).join(' | ');
}

function primitive(schema: Schema, type: string, mode: Mode, at: string): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return schema.items === undefined ? 'unknown[]' : `Array<${typeOf(schema.items as Schema, mode, `${at}/items`)}>`;
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set(
        (schema.required as string[] | undefined) ?? (mode === 'Res' ? Object.keys(properties) : []),
      );
      const members = Object.entries(properties).map(
        ([key, inner]) =>
          `${JSON.stringify(key)}${required.has(key) ? '' : '?'}: ${typeOf(inner, mode, `${at}/properties/${key}`)};`,
      );
      const extra = schema.additionalProperties;
      if (extra !== undefined && extra !== false) {
        const index = `[key: string]: ${extra === true ? 'unknown' : typeOf(extra as Schema, mode, `${at}/additionalProperties`)};`;
        return `{ ${[...members, index].join(' ')} }`;
      }
      // An object the document leaves open and says nothing of.
      if (members.length === 0 && extra === undefined) return 'Record<string, unknown>';
      return `{ ${members.join(' ')} }`;
    }
    default:
      throw new Error(`${at}: type ${type}`);
  }
}

/** The generated module: every component in both modes, and every operation's JSON answers and body. */
function generate(): string {
  const lines: string[] = [
    '// Generated from server/openapi/document.ts by test/contract/openapi-client-types.test.ts.',
  ];
  for (const mode of ['Res', 'Req'] as const) {
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      lines.push(`export type ${mode}_${name} = ${typeOf(schema, mode, `#/components/schemas/${name}`)};`);
    }
  }
  const answers: string[] = [];
  const bodies: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const key = JSON.stringify(`${method.toUpperCase()} ${path}`);
      const statuses = Object.entries(operation.responses).flatMap(([status, response]) => {
        const resolved =
          typeof response.$ref === 'string' ? doc.components.responses[response.$ref.split('/').pop()!]! : response;
        const schema = (resolved.content as Record<string, { schema: Schema }> | undefined)?.['application/json']
          ?.schema;
        return schema === undefined ? [] : [`${status}: ${typeOf(schema, 'Res', `${key} ${status}`)};`];
      });
      answers.push(`  ${key}: { ${statuses.join(' ')} };`);
      const body = operation.requestBody?.content['application/json']?.schema;
      if (body !== undefined) bodies.push(`  ${key}: ${typeOf(body, 'Req', `${key} body`)};`);
    }
  }
  lines.push(
    `export interface Answers {\n${answers.join('\n')}\n}`,
    `export interface Bodies {\n${bodies.join('\n')}\n}`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Each client type and the document's type it must be. The client's methods are checked by what they resolve to
 * (and, for inputs, what they take), so a method typed with the wrong interface fails too.
 */
const ASSERTIONS: Array<[string, string, string]> = [
  ['MailAddress', 'C.MailAddress', 'D.Res_MailAddress'],
  ['MessageSummary', 'C.MessageSummary', 'D.Res_MessageSummary'],
  ['Message', 'C.Message', 'D.Res_Message'],
  ['MessageAttachment', 'C.MessageAttachment', 'D.Res_Attachment'],
  ['MessageHeader', 'C.MessageHeader', "D.Res_Message['headers'][number]"],
  ['MessagePage', 'C.MessagePage', 'D.Res_MessagePage'],
  ['ChecksReport', 'C.ChecksReport', 'D.Res_ChecksReport'],
  ['ClockState', 'C.ClockState', 'D.Res_ClockState'],
  ['EmulatorSettings', 'C.EmulatorSettings', "D.Answers['GET /_emulator/settings'][200]"],
  ['SeedCounts', 'C.SeedCounts', 'D.Res_SeedCounts'],
  ['FaultRule', 'C.FaultRule', 'D.Res_FaultRule'],
  ['FaultRuleInput', 'C.FaultRuleInput', 'D.Req_FaultRuleInput'],
  ['Send', 'C.Send', 'D.Res_Send'],
  ['SendWithState', 'C.SendWithState', 'D.Res_SendWithState'],
  ['Suppression', 'C.Suppression', 'D.Res_Suppression'],
  ['LogItemWithLinks', 'C.LogItemWithLinks', 'D.Res_LogItemWithLinks'],
  ['Subscriber', 'C.Subscriber', 'D.Res_Subscriber'],
  ['StudioTemplate', 'C.StudioTemplate', 'D.Res_StudioTemplate'],
  ['TemplateRender', 'C.TemplateRender', 'D.Res_TemplateRender'],
  ['RenderDiagnostic', 'C.RenderDiagnostic', 'D.Res_RenderDiagnostic'],
  ['FixtureProblem', 'C.FixtureProblem', 'D.Res_FixtureProblem'],
  ['FixturesStatus', 'C.FixturesStatus', "D.Answers['GET /_emulator/fixtures'][200]"],
  ['TemplateInput (PATCH)', 'C.TemplateInput', "D.Bodies['PATCH /_emulator/templates/{template}']"],
  ['RenderRequest', 'C.RenderRequest', "D.Bodies['POST /_emulator/templates/{template}/render']"],
  ['messages()', "Answer<'messages'>", "D.Answers['GET /_emulator/messages'][200]"],
  ['message()', "Answer<'message'>", "D.Answers['GET /_emulator/messages/{uuid}'][200]"],
  ['setRead()', "Answer<'setRead'>", "D.Answers['PATCH /_emulator/messages/{uuid}'][200]"],
  ['deleteMessages()', "Answer<'deleteMessages'>", "D.Answers['DELETE /_emulator/messages'][200]['deleted']"],
  ['settings()', "Answer<'settings'>", "D.Answers['GET /_emulator/settings'][200]"],
  ['seed()', "Answer<'seed'>", "D.Answers['POST /_emulator/seed'][200]"],
  ['faults.list()', "Awaited<ReturnType<Client['faults']['list']>>", "D.Answers['GET /_emulator/faults'][200]['data']"],
  ['faults.add()', "Awaited<ReturnType<Client['faults']['add']>>", "D.Answers['POST /_emulator/faults'][201]"],
  ['faults.add(input)', "Parameters<Client['faults']['add']>[0]", "D.Bodies['POST /_emulator/faults']"],
  [
    'simulate.open()',
    "Awaited<ReturnType<Client['simulate']['open']>>",
    "D.Answers['POST /_emulator/simulate/open'][200]['data']",
  ],
  [
    'simulate.click()',
    "Awaited<ReturnType<Client['simulate']['click']>>",
    "D.Answers['POST /_emulator/simulate/click'][200]['data']",
  ],
  [
    'simulate.bounce()',
    "Awaited<ReturnType<Client['simulate']['bounce']>>",
    "D.Answers['POST /_emulator/simulate/bounce'][200]",
  ],
  [
    'simulate.softBounce()',
    "Awaited<ReturnType<Client['simulate']['softBounce']>>",
    "D.Answers['POST /_emulator/simulate/soft-bounce'][200]",
  ],
  [
    'simulate.complaint()',
    "Awaited<ReturnType<Client['simulate']['complaint']>>",
    "D.Answers['POST /_emulator/simulate/complaint'][200]",
  ],
  ['clock.get()', "Awaited<ReturnType<Client['clock']['get']>>", "D.Answers['GET /_emulator/clock'][200]"],
  ['clock.freeze()', "Awaited<ReturnType<Client['clock']['freeze']>>", "D.Answers['POST /_emulator/clock'][200]"],
  [
    'templates.list()',
    "Awaited<ReturnType<Client['templates']['list']>>",
    "D.Answers['GET /_emulator/templates'][200]['data']",
  ],
  [
    'templates.get()',
    "Awaited<ReturnType<Client['templates']['get']>>",
    "D.Answers['GET /_emulator/templates/{template}'][200]",
  ],
  [
    'templates.create()',
    "Awaited<ReturnType<Client['templates']['create']>>",
    "D.Answers['POST /_emulator/templates'][201]",
  ],
  ['templates.create(input)', "Parameters<Client['templates']['create']>[0]", "D.Bodies['POST /_emulator/templates']"],
  [
    'templates.update()',
    "Awaited<ReturnType<Client['templates']['update']>>",
    "D.Answers['PATCH /_emulator/templates/{template}'][200]",
  ],
  [
    'templates.render()',
    "Awaited<ReturnType<Client['templates']['render']>>",
    "D.Answers['POST /_emulator/templates/{template}/render'][200]",
  ],
  ['fixtures()', "Answer<'fixtures'>", "D.Answers['GET /_emulator/fixtures'][200]"],
  ['addSuppression()', "Answer<'addSuppression'>['suppression']", "D.Answers['POST /_emulator/suppressions'][201]"],
  ['suppressions()', "Answer<'suppressions'>", "D.Answers['GET /_emulator/suppressions'][200]"],
  ['logItems()', "Answer<'logItems'>", "D.Answers['GET /_emulator/log-items'][200]"],
  ['logItem()', "Answer<'logItem'>", "D.Answers['GET /_emulator/log-items/{uuid}'][200]['data']"],
  [
    'resendLogItem()',
    "Answer<'resendLogItem'>",
    "D.Answers['POST /_emulator/log-items/{uuid}/resend'][201 | 200]['message_uuid']",
  ],
  ['sends()', "Answer<'sends'>", "D.Answers['GET /_emulator/sends'][200]"],
  ['WebhookConfiguration', 'C.WebhookConfiguration', 'D.Res_WebhookConfiguration'],
  ['WebhookConfigurationInput', 'C.WebhookConfigurationInput', 'D.Req_WebhookConfigurationInput'],
  ['WebhookCall', 'C.WebhookCall', 'D.Res_WebhookCall'],
  ['WebhookAttempt', 'C.WebhookAttempt', 'D.Res_WebhookAttempt'],
  ['WebhookRequestHeaders', 'C.WebhookRequestHeaders', 'D.Res_WebhookRequestHeaders'],
  ['WebhookSinkRequest', 'C.WebhookSinkRequest', 'D.Res_WebhookSinkRequest'],
  ['WebhookCallPage', 'C.WebhookCallPage', "D.Answers['GET /_emulator/webhook-calls'][200]"],
  ['WebhookEvent', 'C.WebhookEvent', "D.Res_WebhookCall['event']"],
  ['WebhookCallStatus', 'C.WebhookCallStatus', "D.Res_WebhookCall['status']"],
  ['emailLists()', "Answer<'emailLists'>", "D.Answers['GET /_emulator/email-lists'][200]['data']"],
  ['emailListDetail()', "Answer<'emailListDetail'>", "D.Answers['GET /_emulator/email-lists/{uuid}'][200]['data']"],
  ['listSubscribers()', "Answer<'listSubscribers'>", "D.Answers['GET /_emulator/email-lists/{uuid}/subscribers'][200]"],
  ['subscriberDetail()', "Answer<'subscriberDetail'>", "D.Answers['GET /_emulator/subscribers/{uuid}'][200]['data']"],
  [
    'addSubscriberTags()',
    "Answer<'addSubscriberTags'>",
    "D.Answers['POST /_emulator/subscribers/{uuid}/tags'][200]['data']",
  ],
  ['webhooks()', "Answer<'webhooks'>", "D.Answers['GET /_emulator/webhooks'][200]['data']"],
  ['webhook()', "Answer<'webhook'>", "D.Answers['GET /_emulator/webhooks/{webhook}'][200]"],
  ['createWebhook()', "Answer<'createWebhook'>", "D.Answers['POST /_emulator/webhooks'][201]"],
  ['createWebhook(input)', "Parameters<Client['createWebhook']>[0]", "D.Bodies['POST /_emulator/webhooks']"],
  ['updateWebhook()', "Answer<'updateWebhook'>", "D.Answers['PATCH /_emulator/webhooks/{webhook}'][200]"],
  ['updateWebhook(input)', "Parameters<Client['updateWebhook']>[1]", "D.Bodies['PATCH /_emulator/webhooks/{webhook}']"],
  ['webhookCalls()', "Answer<'webhookCalls'>", "D.Answers['GET /_emulator/webhook-calls'][200]"],
  ['webhookCall()', "Answer<'webhookCall'>", "D.Answers['GET /_emulator/webhook-calls/{call}'][200]"],
  [
    'resendWebhookCall()',
    "Answer<'resendWebhookCall'>",
    "D.Answers['POST /_emulator/webhook-calls/{call}/resend'][200]",
  ],
  [
    'webhookSink().requests()',
    "Awaited<ReturnType<ReturnType<Client['webhookSink']>['requests']>>",
    "D.Answers['GET /_emulator/webhook-sink/{name}'][200]['data']",
  ],
  ['waitForWebhook()', "Answer<'waitForWebhook'>", 'D.Res_WebhookCall'],
];

const PRELUDE = `
/** Each assignable to the other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every property required, at every depth. */
type Deep<T> = T extends readonly (infer U)[] ? Deep<U>[] : T extends object ? { [K in keyof T]-?: Deep<T[K]> } : T;
type Same<A, B> = Mutual<A, B> extends true ? Mutual<Deep<A>, Deep<B>> : false;
type Client = C.EmulatorClient;
type Answer<K extends keyof Client> = Client[K] extends (...args: never[]) => Promise<infer R> ? R : never;
`;

const dir = mkdtempSync(join(tmpdir(), 'mce-client-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Compiles the generated types and the assertions; answers the diagnostics, each with the assertion it is on. */
function compile(assertions: Array<[string, string, string]>): string[] {
  writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');
  writeFileSync(join(dir, 'document.ts'), generate());
  const clientPath = join(ROOT, 'server/testing/client.js');
  const lines = [
    `import type * as C from ${JSON.stringify(clientPath)};`,
    `import type * as D from './document.js';`,
    PRELUDE,
    ...assertions.map(
      ([name, client, documented], index) =>
        `export const check${index}: Same<${client}, ${documented}> = true; // ${name}`,
    ),
  ];
  const file = join(dir, 'assertions.ts');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const options: ts.CompilerOptions = {
    ...config!.options,
    noEmit: true,
    typeRoots: [join(ROOT, 'node_modules/@types')],
  };
  // The temporary files are outside the project: no emit, so any root will do.
  options.rootDir = '/';
  const program = ts.createProgram([file], options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const text = diagnostic.file.text.split('\n')[line] ?? '';
    return `${diagnostic.file.fileName === file ? text.trim() : `${diagnostic.file.fileName}:${line + 1}`}: ${message}`;
  });
}

describe('the typed client and the OpenAPI document', () => {
  it('the client types are the types the document gives', () => {
    expect(compile(ASSERTIONS)).toEqual([]);
  }, 60_000);

  it('tell different shapes apart (the check is not vacuous)', () => {
    const broken: Array<[string, string, string]> = [
      ['extra optional field', 'C.MailAddress & { label?: string }', 'D.Res_MailAddress'],
      ['nullable on one side', "Omit<C.ClockState, 'now'> & { now: string | null }", 'D.Res_ClockState'],
      ['optional on one side', "Omit<C.ClockState, 'now'> & { now?: string }", 'D.Res_ClockState'],
    ];
    const problems = compile(broken);
    expect(problems).toHaveLength(3);
  }, 60_000);
});
