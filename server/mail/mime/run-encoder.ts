/**
 * Runs one of nodemailer's encoder streams (lib/qp, lib/base64) over a whole body synchronously: its _transform
 * on all the bytes, then its _flush, collecting what it pushes. That is the output the stream would give for
 * the body written in one chunk (MimeNode._getStream() ends a PassThrough with the whole string or Buffer), without
 * the stream machinery around it.
 */
import type { Encoder as Base64Encoder } from 'nodemailer/lib/base64/index.js';
import type { Encoder as QpEncoder } from 'nodemailer/lib/qp/index.js';

/** The members of nodemailer's encoder Transforms this reads, which its types keep private. */
interface EncoderInternals {
  push(chunk: Buffer | string, encoding?: BufferEncoding): boolean;
  _transform(chunk: Buffer, encoding: string, done: (error?: Error | null) => void): void;
  _flush(done: (error?: Error | null) => void): void;
}

/** Thrown when an encoder does not have the shape this relies on (a nodemailer upgrade changed it). */
export class EncoderShapeChanged extends Error {}

export function runEncoder(encoder: Base64Encoder | QpEncoder, bytes: Buffer, parts: Buffer[]): void {
  const stream = encoder as unknown as EncoderInternals;
  if (typeof stream._transform !== 'function' || typeof stream._flush !== 'function') throw new EncoderShapeChanged();
  stream.push = (chunk, encoding) => {
    parts.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : chunk);
    return true;
  };
  const fail = (error?: Error | null) => {
    if (error) throw error;
  };
  stream._transform(bytes, 'buffer', fail);
  stream._flush(fail);
}
