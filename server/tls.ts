/**
 * The certificate for the HTTPS listener. The Symfony/Laravel Mailcoach mailer transport only speaks HTTPS
 * (docs/spec/real-clients.md#21-transport), so the emulator offers it: with the user's own certificate, or with a self-signed one
 * for localhost and 127.0.0.1 that is kept beside the database, so that trusting it once lasts across restarts.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Clock } from './clock.js';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** Where the certificate is, to print it: users point their client's CA option at it. */
  certPath: string;
}

export interface TlsOptions {
  certFile: string | null;
  keyFile: string | null;
  /** The database path; a generated certificate is kept beside it (in a temp dir for `:memory:`). */
  dbPath: string;
  clock: Clock;
}

const CERT_NAME = 'mailcoach-emulator-cert.pem';
const KEY_NAME = 'mailcoach-emulator-key.pem';
const VALID_DAYS = 825;

export async function loadOrCreateCertificate(options: TlsOptions): Promise<TlsMaterial> {
  if (options.certFile !== null && options.keyFile !== null) {
    return {
      cert: readFileSync(options.certFile, 'utf8'),
      key: readFileSync(options.keyFile, 'utf8'),
      certPath: resolve(options.certFile),
    };
  }
  const dir =
    options.dbPath === ':memory:'
      ? mkdtempSync(join(tmpdir(), 'mailcoach-emulator-tls-'))
      : dirname(resolve(options.dbPath));
  const certPath = join(dir, CERT_NAME);
  const keyPath = join(dir, KEY_NAME);
  if (existsSync(certPath) && existsSync(keyPath)) {
    return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8'), certPath };
  }
  const now = options.clock();
  // Loaded only when a certificate must be made: most runs never serve HTTPS.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + VALID_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { cert: pems.cert, key: pems.private, certPath };
}
