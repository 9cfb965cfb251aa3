import zlib from 'node:zlib';
import type { ElementHandle, Page } from 'puppeteer-core';
import { MSG } from '../packages/shared/src/index.js';
import { url } from './helpers';

/** What the staff pages' browser tests share (e2e/staff.test.ts, e2e/staff-branches.test.ts). */
/** The button (or menu item) in `scope` whose visible text is exactly `text`. */
export async function button(page: Page, scope: string, text: string): Promise<ElementHandle<HTMLButtonElement>> {
  const handle = await page.waitForFunction(
    (s, t) =>
      [...document.querySelectorAll<HTMLElement>(`${s} button, ${s} [role=menuitem]`)].find(
        (b) => b.innerText.trim() === t,
      ) ?? null,
    {},
    scope,
    text,
  );
  return handle.asElement() as ElementHandle<HTMLButtonElement>;
}

export const isDisabled = (b: ElementHandle<HTMLButtonElement>) => b.evaluate((el) => el.disabled);

export async function waitEnabled(page: Page, scope: string, text: string, enabled = true): Promise<void> {
  await page.waitForFunction(
    (s, t, e) => {
      const b = [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find((x) => x.innerText.trim() === t);
      return !!b && b.disabled === !e;
    },
    {},
    scope,
    text,
    enabled,
  );
}

export async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
}

/** Waits for the success dialog of spec 2.11, checks its words, and closes it. */
export async function expectSuccess(
  page: Page,
  title: string = MSG.actionSuccessTitle,
  text: string = MSG.actionSuccess,
): Promise<void> {
  await page.waitForFunction(
    (t, d) =>
      [...document.querySelectorAll<HTMLElement>('[role=dialog]')].some(
        (el) => el.innerText.includes(t) && el.innerText.includes(d),
      ),
    {},
    title,
    text,
  );
  const ok = await button(page, '[role=dialog]', 'OK');
  await ok.click();
  await page.waitForFunction(
    (t) => ![...document.querySelectorAll<HTMLElement>('[role=dialog]')].some((el) => el.innerText.includes(t)),
    {},
    title,
  );
}

export async function openProfile(page: Page, id: number): Promise<void> {
  await page.goto(url(`/user/${id}`), { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid=profile-name]');
}

/** The activity entry whose message mentions `text`, as a CSS scope. */
export async function applogScope(page: Page, text: string): Promise<string> {
  const handle = await page.waitForFunction(
    (t) =>
      [...document.querySelectorAll<HTMLElement>('[data-testid=applog-item]')]
        .find((el) => el.innerText.includes(t))
        ?.getAttribute('data-applog-id') ?? null,
    {},
    text,
  );
  return `[data-applog-id="${String(await handle.jsonValue())}"]`;
}

// A real PNG, written by hand so the test needs no image library: a 160x120 colour gradient.
export function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
export function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
export function makePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++)
      raw.set([Math.round((x / width) * 255), Math.round((y / height) * 255), 160], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------

export async function chooseOption(page: Page, trigger: string, text: string): Promise<void> {
  await page.click(trigger);
  await page.waitForFunction(
    (t) => [...document.querySelectorAll<HTMLElement>('[role=option]')].some((o) => o.innerText.trim() === t),
    {},
    text,
  );
  const option = await page.waitForFunction(
    (t) => [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) => o.innerText.trim() === t) ?? null,
    {},
    text,
  );
  await (option.asElement() as ElementHandle<HTMLElement>).click();
  await page.waitForFunction(() => !document.querySelector('[role=listbox]'));
}
