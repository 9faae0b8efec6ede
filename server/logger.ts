/** A minimal logger interface, so tests and embedders can capture or silence output. */

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(`warning: ${message}`),
  error: (message, error) => console.error(`error: ${message}`, error ?? ''),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
