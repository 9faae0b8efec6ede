import {
  ClockState,
  ClockChange,
  EmulatorSettings,
  Fixture,
  FixturesStatus,
  SeedCounts,
} from '../../emulator/schemas/controls.js';
import { type Route, json, unauthorized, invalid } from '../route-table.js';

export const controlsRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/settings',
    tag: 'controls',
    summary: "The emulator's settings a client needs: isolation and the accepted tokens",
    responses: {
      200: json(EmulatorSettings, 'The settings.'),
      401: unauthorized,
    },
  },
  {
    method: 'post',
    path: '/_emulator/reset',
    tag: 'controls',
    summary: "Deletes the workspace's data and seeds its fixtures again",
    responses: { 204: 'Done; no body.', 401: unauthorized },
  },
  {
    method: 'post',
    path: '/_emulator/seed',
    tag: 'controls',
    summary: 'Seeds fixture data into the workspace',
    body: Fixture,
    responses: { 200: json(SeedCounts, 'How many of each were in the document.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'get',
    path: '/_emulator/clock',
    tag: 'controls',
    summary: "The emulator's time",
    responses: { 200: json(ClockState, 'Now, and whether the clock is frozen.'), 401: unauthorized },
  },
  {
    method: 'post',
    path: '/_emulator/clock',
    tag: 'controls',
    summary: 'Freezes, advances, resumes or resets the clock',
    body: ClockChange,
    responses: { 200: json(ClockState, 'The clock after the change.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'get',
    path: '/_emulator/fixtures',
    tag: 'controls',
    summary: "Where the fixtures come from, whether --watch follows them, and the last reload's problems",
    responses: {
      200: json(FixturesStatus, 'The fixtures status.'),
      401: unauthorized,
    },
  },
];
