import type { TestApp, TestUser } from './helpers.js';

/** A real 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one file field. */
export function multipartBody(field: string, filename: string, content: Buffer, type = 'image/png') {
  const boundary = `----klinikuji${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  user: TestUser | null,
  url: string,
  filename: string,
  content: Buffer,
  type = 'image/png',
) {
  const body = multipartBody('avatar', filename, content, type);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}) },
    payload: body.payload,
  });
  let parsed: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever the API answers
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = res.body;
  }
  return { status: res.statusCode, body: parsed, headers: res.headers, raw: res };
}
