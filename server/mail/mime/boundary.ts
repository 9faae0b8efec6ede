/**
 * Multipart boundaries in MimeNode's format: `--_NmP-<base>-Part_<node id>` (_generateBoundary(), with the default
 * boundaryPrefix `--_NmP`), where the base is 8 random bytes in hex, shared by every part of one message
 * (the root node's baseBoundary: crypto.randomBytes(8).toString('hex')).
 */
import { randomFillSync } from 'node:crypto';

/** Returns a message's shared boundary base: 16 lower-case hex digits. */
export type BoundaryBaseSource = () => string;

const POOL_SIZE = 8 * 256;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

/** 8 bytes from node:crypto, drawn from a pool refilled every 256 messages (one randomFillSync instead of 256). */
export const cryptoBoundaryBase: BoundaryBaseSource = () => {
  if (poolOffset === POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 8;
  return pool.toString('hex', poolOffset - 8, poolOffset);
};

export function boundary(base: string, nodeId: number): string {
  return `--_NmP-${base}-Part_${nodeId}`;
}
