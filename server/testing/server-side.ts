/**
 * What startEmulator() needs of the server, behind one module: start.ts imports it on its first call, and the
 * bundle (esbuild.config.mjs) makes it one chunk to load rather than one per server module.
 */
export { DEFAULT_TOKEN, parseCli } from '../config.js';
export { silentLogger } from '../logger.js';
export { startServer } from '../server.js';
