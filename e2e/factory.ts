import { randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { ROLE_IDS, todayIn, type RoleName } from '../packages/shared/src/index.js';
import { PASSWORD, baseUrl, signInCookies, type Credentials } from './helpers';

/**
 * Each e2e file's own clinic branch and staff, made through the app's public REST API (issue 9 item 8), so that no
 * file depends on what another file wrote and the files run in any order. The demo clinic (SEED_DEMO) stays for the
 * files that only read it (the access walk, the shell, long histories); a file that writes makes its own branch:
 *
 *   const clinic = await newBranch('paket', { roles: ['admin', 'finance', 'dokter'] });
 *   const admin = await signedIn(browser, clinic.as('admin'));
 *   const patient = await clinic.patient({ name: 'Sari Uji' });
 *
 * The branch is opened by the demo owner (only top-level users may open branches); its accounts get the role's
 * default privileges and one password (`clinic.password`). `api(role)` is a REST client signed in as that account.
 */

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A REST client with its own session cookie (no Origin header: a non-browser client, as the server allows). */
export class Api {
  private constructor(private readonly cookie: string) {}

  static async signIn(username: string, password = PASSWORD): Promise<Api> {
    const cookie = (await signInCookies(username, password)).map((c) => c.split(';')[0]).join('; ');
    return new Api(cookie);
  }

  /** `body` as JSON, or a `FormData` sent as multipart (an upload). */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const form = body instanceof FormData;
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a file): the text as it came
    }
    return { status: res.status, body: parsed as T };
  }

  /** The answer's `data`, or an error naming the call and the server's answer when it is not a 2xx. */
  async data<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const r = await this.call<{ data: T }>(method, path, body);
    if (r.status < 200 || r.status > 299)
      throw new Error(`${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
}

export interface Account {
  id: number;
  username: string;
  name: string;
  role: RoleName;
}

export interface Patient {
  id: number;
  username: string;
  name: string;
}

const TITLE: Partial<Record<RoleName, string>> = { dokter: 'dr.' };

/** Indonesian-looking names for the accounts, so screens read like a clinic's. */
const STAFF_NAMES: Record<string, string> = {
  admin: 'Rahma Admin',
  manager: 'Bayu Manajer',
  finance: 'Wulan Keuangan',
  inventory: 'Tono Gudang',
  multimedia: 'Dian Multimedia',
  perawat: 'Sinta Perawat',
  apoteker: 'Yudi Apoteker',
  investor: 'Hari Investor',
  superadmin: 'Lia Superadmin',
  dokter: 'Arif Dokter',
};

let ownerApi: Promise<Api> | undefined;
/** The demo owner (top level): opens the branches. */
function owner(): Promise<Api> {
  ownerApi ??= Api.signIn('owner');
  return ownerApi;
}

export class Branch {
  private readonly sessions = new Map<RoleName, Promise<Api>>();
  private seq = 0;

  constructor(
    readonly id: number,
    readonly name: string,
    readonly timezone: string,
    readonly key: string,
    /** The run's mark in usernames and names (several runs may share one database in watch mode). */
    readonly run: string,
    readonly password: string,
    readonly accounts: Partial<Record<RoleName, Account>>,
  ) {}

  account(role: RoleName): Account {
    const a = this.accounts[role];
    if (!a) throw new Error(`The branch ${this.key} has no ${role}: add it to newBranch's roles`);
    return a;
  }

  username(role: RoleName): string {
    return this.account(role).username;
  }

  /** The account's username and password, for `signedIn(browser, branch.as('admin'))`. */
  as(role: RoleName): Credentials {
    return { username: this.username(role), password: this.password };
  }

  /** A REST client signed in as the branch's account of that role (one session per role, reused). */
  api(role: RoleName): Promise<Api> {
    let s = this.sessions.get(role);
    if (!s) {
      s = Api.signIn(this.username(role), this.password);
      this.sessions.set(role, s);
    }
    return s;
  }

  /**
   * One more account of the branch (beside the one per role newBranch made), e.g. a second reviewer or a person whose
   * status or password a test changes: `${name}` with a username unique in the run; `password` defaults to the
   * branch's.
   */
  async addAccount(role: RoleName, name: string, password = this.password): Promise<Account & { password: string }> {
    const n = ++this.seq;
    const account = await createAccount(this.id, {
      role,
      name,
      username: `${this.key}${this.run}.${role}${n}`,
      password,
      phone: `0814${String(30_000_000 + this.id * 100 + n).slice(-8)}`,
    });
    return { ...account, password };
  }

  /** A name unique in this branch: `${prefix} ${key}-${n}`. */
  unique(prefix: string): string {
    return `${prefix} ${this.key}${++this.seq}`;
  }

  /** Today in the branch's time zone (YYYY-MM-DD). */
  today(): string {
    return todayIn(this.timezone);
  }

  /** Opens the branch's finance period from the first of this month (as its finance account). */
  async openPeriod(startDate = this.today().slice(0, 8) + '01'): Promise<{ id: number }> {
    const api = await this.api('finance');
    return api.data('POST', '/api/finance/periode', { start_date: startDate });
  }

  /** A patient of the branch, registered by its admin (NO RM from the branch's numbering). */
  async patient(
    fields: { name?: string; gender?: 0 | 1; phone?: string; birth_date?: string; idcard?: string } = {},
  ): Promise<Patient> {
    const api = await this.api('admin');
    return api.data('POST', '/api/users', {
      name: fields.name ?? this.unique('Pasien'),
      gender: fields.gender ?? 1,
      phone: fields.phone ?? `0812${String(10_000_000 + this.id * 1000 + this.seq).slice(-8)}`,
      birth_date: fields.birth_date ?? '1990-05-17',
      idcard: fields.idcard,
    });
  }

  /** A procedure (tindakan medis) of the branch, by its admin. */
  async procedure(
    fields: { name?: string; price?: number; doctor_share?: number } = {},
  ): Promise<{ id: number; code: string; name: string }> {
    const api = await this.api('admin');
    const code = `T${this.id}${++this.seq}`;
    return api.data('POST', '/api/master/tindakanmedis', {
      code,
      name: fields.name ?? this.unique('Tindakan'),
      price: fields.price ?? 250_000,
      doctor_share: fields.doctor_share ?? 50_000,
      status: 1,
    });
  }

  /** A package type (1 Paket Promosi, 2 Membership) valid from the first of this year. */
  async paketType(fields: { name?: string; type?: 1 | 2 } = {}): Promise<{ id: number; name: string }> {
    const api = await this.api('admin');
    return api.data('POST', '/api/paket/type', {
      name: fields.name ?? this.unique('Jenis Paket'),
      type: fields.type ?? 1,
      start_at: this.today().slice(0, 4) + '-01-01',
      status: 1,
    });
  }

  /**
   * An active package of the branch with its treatments: paid in full, or with `installments` a down payment plus
   * equal instalments that sum to the price.
   */
  async paket(
    fields: {
      name?: string;
      price?: number;
      typeId?: number;
      procedures?: { id: number }[];
      installments?: { dp: number; count: number };
    } = {},
  ): Promise<{ id: number; code: string; name: string; price: number }> {
    const api = await this.api('admin');
    const typeId = fields.typeId ?? (await this.paketType()).id;
    const procedures = fields.procedures ?? [await this.procedure()];
    const price = fields.price ?? 1_500_000;
    const inst = fields.installments;
    const code = `PKT-${this.key.toUpperCase().slice(0, 6)}${++this.seq}`;
    return api.data('POST', '/api/paket', {
      code,
      name: fields.name ?? this.unique('Paket'),
      paket_type_id: typeId,
      active_at: this.today().slice(0, 4) + '-01-01',
      price,
      status: 1,
      installment_schema: inst ? 1 : 0,
      dp_amount: inst ? inst.dp : 0,
      cicilan_amount: inst ? (price - inst.dp) / inst.count : 0,
      cicilan_attempt: inst ? inst.count : 0,
      items: procedures.map((p) => ({ type: 1, ref_id: p.id, free_slot: 5, expired_duration: 365 })),
    });
  }
}

/**
 * Moves a top-level user's signed-in page into the branch (POST /api/profile/switch, as the branch switcher does: the
 * session's branch, not the account's) and reloads it there. For tests that need the demo owner or a top-level
 * reviewer to act in a file's own branch.
 */
export async function enterBranch(page: Page, branch: Branch): Promise<void> {
  const status = await page.evaluate(async (id) => {
    const r = await fetch('/api/profile/switch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ profile_id: id }),
    });
    return r.status;
  }, branch.id);
  if (status !== 200) throw new Error(`Switching to branch ${branch.name} answered ${status}`);
  await page.reload({ waitUntil: 'domcontentloaded' });
}

/** Creates a staff account (owner's REST call), in `profile_id`'s branch, with the role's default privileges. */
async function createAccount(
  branchId: number,
  fields: { role: RoleName; username: string; name: string; password: string; phone: string },
): Promise<Account> {
  const api = await owner();
  const user = await api.data<{ id: number; username: string; name: string }>('POST', '/api/users/employee', {
    name: fields.name,
    username: fields.username,
    role: ROLE_IDS[fields.role],
    profile_id: branchId,
    gender: fields.role === 'dokter' || fields.role === 'inventory' ? 0 : 1,
    phone: fields.phone,
    password: fields.password,
    repeatpassword: fields.password,
  });
  return { id: user.id, username: user.username, name: user.name, role: fields.role };
}

/**
 * Opens a new branch for one test file, with an account for each role asked (`<key><run>.<role>`, e.g.
 * `paket1k.admin`; the doctor's name starts with 'dr.'). `timezone` tests a WITA or WIT branch.
 */
export async function newBranch(
  key: string,
  opts: { roles: RoleName[]; timezone?: 'Asia/Jakarta' | 'Asia/Makassar' | 'Asia/Jayapura'; city?: string },
): Promise<Branch> {
  if (!/^[a-z][a-z0-9-]{1,15}$/.test(key)) throw new Error(`Branch key '${key}': lower-case letters, digits, '-'`);
  const api = await owner();
  const run = randomBytes(2).toString('hex');
  const timezone = opts.timezone ?? 'Asia/Jakarta';
  const title = key.replace(/(^|-)([a-z])/g, (_, s: string, c: string) => (s ? ' ' : '') + c.toUpperCase());
  const branch = await api.data<{ id: number; name: string }>('POST', '/api/profile', {
    name: `Klinik Uji ${title} ${run}`,
    city: opts.city ?? 'Kota Uji',
    address: `Jl. Uji ${title} No. 1`,
    phone: '0211234567',
    timezone,
    status: 1,
  });
  const password = `Uji-${randomBytes(6).toString('hex')}`;
  const accounts: Partial<Record<RoleName, Account>> = {};
  for (const role of opts.roles) {
    if (role === 'customer') throw new Error('Patients are made with branch.patient()');
    accounts[role] = await createAccount(branch.id, {
      role,
      username: `${key}${run}.${role}`,
      name: `${TITLE[role] ? TITLE[role] + ' ' : ''}${STAFF_NAMES[role] ?? role} ${title}`,
      password,
      phone: `0813${String(20_000_000 + branch.id * 100 + Object.keys(accounts).length).slice(-8)}`,
    });
  }
  return new Branch(branch.id, branch.name, timezone, key, run, password, accounts);
}
