import { z } from 'zod';
import { FaultRuleInput, FaultRule } from '../../emulator/schemas/controls.js';
import { type Route, json, unauthorized, notFound, invalid } from '../route-table.js';

export const faultsRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/faults',
    tag: 'faults',
    summary: "The workspace's fault rules",
    responses: { 200: json(z.object({ data: z.array(FaultRule) }), 'The rules.'), 401: unauthorized },
  },
  {
    method: 'post',
    path: '/_emulator/faults',
    tag: 'faults',
    summary:
      'Adds a fault rule for Mailcoach requests (/api/...) or SMTP commands (MAIL, RCPT, DATA, AUTH) of the workspace',
    body: FaultRuleInput,
    responses: { 201: json(FaultRule, 'The rule, with its id and remaining count.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'delete',
    path: '/_emulator/faults',
    tag: 'faults',
    summary: 'Removes every fault rule of the workspace',
    responses: { 204: 'Done; no body.', 401: unauthorized },
  },
  {
    method: 'delete',
    path: '/_emulator/faults/{id}',
    tag: 'faults',
    summary: 'Removes one fault rule',
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
    responses: { 204: 'Done; no body.', 401: unauthorized, 404: notFound },
  },
];
