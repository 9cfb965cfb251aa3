import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * The branches' client secrets and cached tokens are stored encrypted (AES-256-GCM), so a database dump or backup
 * alone does not hand out the credentials. The key is SATUSEHAT_SECRET_KEY (32 bytes, hex or base64) or, without
 * it, a random key the app writes once to `<dataDir>/satusehat.key` (mode 0600). Several processes on one database
 * need the same key: set SATUSEHAT_SECRET_KEY there (docs/ops/runbook.md).
 */
const keys = new Map<string, Buffer>();

function parseKey(text: string): Buffer {
  const t = text.trim();
  const buf = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (buf.length !== 32) throw new Error('SATUSEHAT_SECRET_KEY harus 32 byte (hex 64 karakter atau base64)');
  return buf;
}

function keyOf(config: Pick<Config, 'satusehatSecretKey' | 'dataDir'>): Buffer {
  const id = config.satusehatSecretKey ? `env:${config.satusehatSecretKey}` : `file:${config.dataDir}`;
  const known = keys.get(id);
  if (known) return known;
  let key: Buffer;
  if (config.satusehatSecretKey) key = parseKey(config.satusehatSecretKey);
  else {
    const file = path.join(config.dataDir, 'satusehat.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    key = parseKey(fs.readFileSync(file, 'utf8'));
  }
  keys.set(id, key);
  return key;
}

export function seal(config: Pick<Config, 'satusehatSecretKey' | 'dataDir'>, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(config), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

/** The plain text, or null when it cannot be opened (another key): the branch is asked to enter the secret again. */
export function open(config: Pick<Config, 'satusehatSecretKey' | 'dataDir'>, sealed: string): string | null {
  const [v, iv, tag, body] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
