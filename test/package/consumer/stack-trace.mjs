// Fails inside the package (a fixtures directory that does not exist) without catching the error, so that
// `node --enable-source-maps` prints the stack mapped to the package's TypeScript source, with the failing line.
import { startEmulator } from 'mailcoach-emulator/testing';

await startEmulator({ fixtures: '/no/such/fixtures/dir' });
