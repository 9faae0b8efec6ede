/**
 * The SQLite driver: better-sqlite3, in the release line that works on the Node running us.
 *
 * - On Node 20, better-sqlite3 12 (package `better-sqlite3`), compiled from source at install. 13's prebuilt
 *   addon segfaults on Node 20 at the first `new Database()` (../shared/design/stack.md), and 13 declares Node >= 22.
 * - On Node 22 and later, better-sqlite3 13 (the package alias `better-sqlite3-node22`), an N-API addon whose
 *   tarball carries prebuilt binaries for Linux (glibc and musl), macOS and Windows. 12 cannot serve there: from
 *   Node 24.19, node::ObjectWrap registers an environment cleanup hook that its destructor removes, and a
 *   better-sqlite3 12 Statement finalized by a garbage collection outside any JavaScript context aborts the
 *   process (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook). Here Node 24.21 aborted on
 *   the first send; 13 no longer derives from ObjectWrap.
 *
 * Both are optional dependencies: npm skips 13 on Node 20 (its engines), and on Node 22+ a machine that cannot
 * compile 12 still installs, since 13 needs no compiler. Everything that opens a database takes the driver from
 * here, including the worker threads (through driverModulePath()).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';

export type DatabaseConstructor = typeof BetterSqlite3;

const requireHere = createRequire(import.meta.url);

/** The first Node major that gets better-sqlite3 13. */
const NODE22_DRIVER_FROM_MAJOR = 22;

export function driverPackage(nodeVersion: string = process.versions.node): 'better-sqlite3' | 'better-sqlite3-node22' {
  return Number(nodeVersion.split('.')[0]) >= NODE22_DRIVER_FROM_MAJOR ? 'better-sqlite3-node22' : 'better-sqlite3';
}

/** The driver module's resolved path, for worker threads that require it themselves (an evaluated worker resolves from the working directory). */
export function driverModulePath(): string {
  try {
    return requireHere.resolve(driverPackage());
  } catch (error) {
    throw missingDriver(error);
  }
}

let loaded: DatabaseConstructor | undefined;

/** better-sqlite3's Database class, loaded on first use. */
export function sqliteDriver(): DatabaseConstructor {
  if (loaded === undefined) {
    try {
      loaded = requireHere(driverPackage()) as DatabaseConstructor;
    } catch (error) {
      throw missingDriver(error);
    }
  }
  return loaded;
}

/**
 * 12's addon path, found once: without it better-sqlite3 12 asks the `bindings` package, which tries a dozen
 * candidate paths with stat calls on the first open (a few ms of every start). Undefined for 13 (its entry point
 * finds its prebuilt addon with two stat calls) and when the addon is not where node-gyp puts it.
 */
let nativeBinding: string | null | undefined;

export function nativeBindingPath(): string | undefined {
  if (nativeBinding === undefined) {
    nativeBinding = null;
    if (driverPackage() === 'better-sqlite3') {
      try {
        nativeBinding = requireHere.resolve('better-sqlite3/build/Release/better_sqlite3.node');
      } catch {
        // not built where node-gyp puts it: the package's own search
      }
    }
  }
  return nativeBinding ?? undefined;
}

function missingDriver(cause: unknown): Error {
  const name = driverPackage();
  const how =
    name === 'better-sqlite3'
      ? 'on Node 20 it is compiled from source when installed, which needs python3, make and a C++ compiler ' +
        '(then run `npm rebuild better-sqlite3`), or use Node 22 or later, which needs no compiler'
      : 'reinstall the package (npm installs it on Node 22 and later, with a prebuilt addon)';
  return new Error(`the SQLite driver (${name}) cannot be loaded: ${how}`, { cause });
}
