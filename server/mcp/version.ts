/** The package's version, which the MCP server reports in its initialize answer. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageRoot } from '../config/defaults.js';

let version: string | undefined;

export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(resolve(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}
