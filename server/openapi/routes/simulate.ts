import { z } from 'zod';
import { Subscriber } from '../../emulator/schemas/audience.js';
import { Send, SimulatedFeedback, BounceTarget } from '../../emulator/schemas/records.js';
import { type Route, json, unauthorized, notFound, invalid } from '../route-table.js';

const refusals = { 401: unauthorized, 404: notFound, 422: invalid };

/** An open or a click of a send: one body for both. */
const engagement = (path: string, summary: string): Route => ({
  method: 'post',
  path,
  tag: 'simulate',
  summary,
  body: z.object({
    send_uuid: z.string().meta({ format: 'uuid' }),
    url: z
      .string()
      .describe("A click only: the link of a campaign's mail clicked (default: the campaign's first link).")
      .optional(),
  }),
  responses: {
    200: json(z.object({ data: Send }), 'The send with its counts and first/last timestamps updated.'),
    ...refusals,
  },
});

/** A bounce or a complaint about an address or a send's recipient. */
const feedback = (path: string, summary: string): Route => ({
  method: 'post',
  path,
  tag: 'simulate',
  summary,
  body: BounceTarget,
  responses: {
    200: json(
      SimulatedFeedback,
      'The suppression the event added (or the one that already existed); null for a soft bounce.',
    ),
    ...refusals,
  },
});

export const simulateRoutes: Route[] = [
  engagement('/_emulator/simulate/open', 'Registers an open of a send'),
  engagement('/_emulator/simulate/click', 'Registers a click of a send'),
  {
    method: 'post',
    path: '/_emulator/simulate/unsubscribe',
    tag: 'simulate',
    summary: "Unsubscribes a campaign send's subscriber as its mail's link does, counted for the campaign",
    body: z.object({ send_uuid: z.string().meta({ format: 'uuid' }) }),
    responses: { 200: json(z.object({ data: Subscriber }), 'The subscriber, unsubscribed.'), ...refusals },
  },
  feedback('/_emulator/simulate/bounce', 'A hard bounce: adds a hard_bounce suppression'),
  feedback('/_emulator/simulate/soft-bounce', 'A soft bounce: adds no suppression'),
  feedback('/_emulator/simulate/complaint', 'A spam complaint: adds a spam_complaint suppression'),
];
