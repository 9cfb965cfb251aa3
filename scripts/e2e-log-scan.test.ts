import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { personalDataIn, personalValues } from '../e2e/log-scan.js';

/** The scanner the e2e teardown runs over the server log (issue 32 item 4) finds what it must, and names no value. */
describe('log scan', () => {
  it('finds a NIK, a phone number, a full name and a password hash, and reports only kind and line', async () => {
    const values = await personalValues({
      query: async () => ({
        rows: [
          {
            name: 'Sari Wulandari',
            idcard: '3174056108790009',
            phone: '081298765432',
            wali_name: null,
            wali_idcard: null,
            wali_phone: null,
            password_hash: null,
          },
          {
            name: 'Admin',
            idcard: null,
            phone: null,
            wali_name: null,
            wali_idcard: null,
            wali_phone: null,
            password_hash: null,
          },
        ],
      }),
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-scan-')), 'server.log');
    const clean =
      '{"level":30,"reqId":"a","user_id":3,"branch_id":1,"req":{"url":"/api/users"},"msg":"request completed"}';
    fs.writeFileSync(file, [clean, clean.replace('/api/users', '/api/users/Admin')].join('\n'));
    expect(personalDataIn(file, values)).toEqual([]);
    fs.writeFileSync(
      file,
      [
        clean,
        '{"msg":"gagal untuk 3174056108790009"}',
        '{"msg":"kirim ke 081298765432"}',
        '{"msg":"pasien Sari Wulandari"}',
        '{"hash":"$argon2id$v=19$m=19456,t=2,p=1$abc"}',
      ].join('\n'),
    );
    const found = personalDataIn(file, values);
    expect(found).toEqual(['NIK (baris 2)', 'telepon (baris 3)', 'nama (baris 4)', 'hash (baris 5)']);
    expect(found.join(' ')).not.toContain('3174');
  });
});
