import { hash, verify } from '@node-rs/argon2';

/** argon2id, m=19456 KiB, t=2, p=1 (OWASP's recommended minimum). 2 = Algorithm.Argon2id (a const enum). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('tidak-ada-akun-ini');
  return dummyHash;
}

/** The most common passwords (and a few clinic-flavoured ones): refused as new passwords. */
const COMMON = new Set(
  `123456 1234567 12345678 123456789 1234567890 12345 password password1 qwerty qwerty123 abc123 111111 000000 123123
  admin admin123 iloveyou 1q2w3e4r 1q2w3e qwertyuiop 654321 666666 888888 121212 112233 123321 654321 987654321
  sunshine princess dragon monkey football baseball letmein welcome welcome1 master login passw0rd p@ssw0rd
  indonesia jakarta bismillah sayang sayangku rahasia klinik klinik123 dokter dokter123 pasien 12341234 11111111
  asdfgh asdfghjkl zxcvbnm 1qaz2wsx password123 admin1234 aaaaa 11111 55555 superman batman`
    .split(/\s+/)
    .filter(Boolean),
);
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
