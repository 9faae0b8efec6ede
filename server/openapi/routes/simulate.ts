import { z } from 'zod';
import { Subscriber } from '../../emulator/schemas/audience.js';
import { Send, SimulatedFeedback, BounceTarget } from '../../emulator/schemas/records.js';
import { type Route, json, unauthorized, notFound, invalid } from '../route-table.js';

export const simulateRoutes: Route[] = [
  {
    method: 'post',
    path: '/_emulator/simulate/open',
    tag: 'simulate',
    summary: 'Registers an open of a send',
    body: z.object({
      send_uuid: z.string().meta({ format: 'uuid' }),
      url: z
        .string()
        .describe("A click only: the link of a campaign's mail clicked (default: the campaign's first link).")
        .optional(),
    }),
    responses: {
      200: json(z.object({ data: Send }), 'The send with its counts and first/last timestamps updated.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'post',
    path: '/_emulator/simulate/click',
    tag: 'simulate',
    summary: 'Registers a click of a send',
    body: z.object({
      send_uuid: z.string().meta({ format: 'uuid' }),
      url: z
        .string()
        .describe("A click only: the link of a campaign's mail clicked (default: the campaign's first link).")
        .optional(),
    }),
    responses: {
      200: json(z.object({ data: Send }), 'The send with its counts and first/last timestamps updated.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'post',
    path: '/_emulator/simulate/unsubscribe',
    tag: 'simulate',
    summary: "Unsubscribes a campaign send's subscriber as its mail's link does, counted for the campaign",
    body: z.object({ send_uuid: z.string().meta({ format: 'uuid' }) }),
    responses: {
      200: json(z.object({ data: Subscriber }), 'The subscriber, unsubscribed.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'post',
    path: '/_emulator/simulate/bounce',
    tag: 'simulate',
    summary: 'A hard bounce: adds a hard_bounce suppression',
    body: BounceTarget,
    responses: {
      200: json(
        SimulatedFeedback,
        'The suppression the event added (or the one that already existed); null for a soft bounce.',
      ),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'post',
    path: '/_emulator/simulate/soft-bounce',
    tag: 'simulate',
    summary: 'A soft bounce: adds no suppression',
    body: BounceTarget,
    responses: {
      200: json(
        SimulatedFeedback,
        'The suppression the event added (or the one that already existed); null for a soft bounce.',
      ),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'post',
    path: '/_emulator/simulate/complaint',
    tag: 'simulate',
    summary: 'A spam complaint: adds a spam_complaint suppression',
    body: BounceTarget,
    responses: {
      200: json(
        SimulatedFeedback,
        'The suppression the event added (or the one that already existed); null for a soft bounce.',
      ),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
];
