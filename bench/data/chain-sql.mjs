// The SQL of `pnpm bench:data` (bench/data/chain.mjs), one statement list per phase. Every statement is set-based
// (INSERT ... SELECT over generate_series); ids are given explicitly from a base above the table's current maximum
// so that children can point at their parents without a lookup, and each sequence is moved past them afterwards.
// The history (visits, records, payments, journals, stock, payroll) lives in the chain's branches 4..50; the three
// demo branches keep the demo clinic's own data (their books start with the demo's active period).
import { FIRST, LAST } from '../patients.mjs';

export const BRANCHES = 50;
export const FIRST_CHAIN_BRANCH = 4; // 1..3 are the demo clinic's
export const DAYS = 1095; // three years of history, ending yesterday
/** Staff per branch: username prefix and role; `<prefix>.c<NN>` signs in with the demo password. */
export const STAFF = [
  ['admin', 3],
  ['perawat', 8],
  ['dokter', 2],
  ['dokter2', 2],
  ['apoteker', 9],
  ['finance', 5],
  ['manager', 4],
  ['inventory', 6],
];
export const staffName = (prefix, branch) => `${prefix}.c${String(branch).padStart(2, '0')}`;

const arr = (xs) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
const H = BRANCHES - FIRST_CHAIN_BRANCH + 1; // branches with history

/** Sizes at a scale factor. */
export function sizes(scale) {
  const patients = Math.max(BRANCHES * 10, Math.round(1_000_000 * scale));
  const visits = Math.max(H * 30, Math.round(3_000_000 * scale));
  const perDay = Math.ceil(visits / H / DAYS); // visits per branch and day
  return { patients, visits, perDay, months: Math.ceil(DAYS / 30.44) + 1 };
}

/** `select coalesce(max(id), 0) + 1000` of each table, read once before a phase. */
export const bases = (tables) =>
  `select ${tables.map((t) => `(select coalesce(max(id), 0) + 1000 from ${t}) as ${t}`).join(', ')}`;
export const setval = (t) => `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`;

// ------------------------------------------------------------------------------------------------ branches
/** Branches 4..50 with the demo's Bandung branch (2) as template: warehouses, items, treatments, settings. */
export function branchesSql() {
  const chain = `generate_series(${FIRST_CHAIN_BRANCH}, ${BRANCHES})`;
  return [
    `insert into profile (id, name, address, city, phone, timezone, status)
       select b, 'Klinik Sehat Sentosa Cabang ' || lpad(b::text, 2, '0'), 'Jl. Bench No. ' || b, 'Kota ' || b,
              '021' || lpad(b::text, 7, '0'), 'Asia/Jakarta', 1 from ${chain} b`,
    setval('profile'),
    `insert into warehouse (profile_id, code, name, kind, status)
       select b, w.code, w.name, w.kind, w.status from ${chain} b, warehouse w where w.profile_id = 2`,
    `insert into item (profile_id, code, name, unit, selling_price, status, category_id, purchase_unit, conversion,
                       min_stock, track_batch, kfa_code, last_purchase_price, generic_name)
       select b, i.code, i.name, i.unit, i.selling_price, i.status, i.category_id, i.purchase_unit, i.conversion,
              i.min_stock, false, i.kfa_code, i.last_purchase_price, i.generic_name
       from ${chain} b, item i where i.profile_id = 2`,
    `insert into perawatan (profile_id, code, name, price, doctor_share, status)
       select b, p.code, p.name, p.price, p.doctor_share, p.status from ${chain} b, perawatan p where p.profile_id = 2`,
    `insert into kasir_setting (profile_id, is_pkp, discount_limit_bp)
       select b, s.is_pkp, s.discount_limit_bp from ${chain} b, kasir_setting s where s.profile_id = 2`,
    `insert into inventory_setting (profile_id, adjustment_approval_threshold)
       select b, s.adjustment_approval_threshold from ${chain} b, inventory_setting s where s.profile_id = 2`,
    `insert into payroll_group (profile_id, name, cutoff_day, status) select b, 'Bulanan', 0, 1 from ${chain} b`,
    `insert into finance_periode (profile_id, start_date, status, created_by)
       select b, date_trunc('month', current_date - ${DAYS})::date, 0, 1 from ${chain} b`,
  ];
}

/** Each branch's staff (every role the daily loop needs), the demo account's password hash and privileges. */
export function staffSql() {
  const rows = STAFF.map(([p, role]) => `('${p}', ${role})`).join(', ');
  return [
    `insert into users (role, username, password_hash, name, initial, status, gender, profile_id, join_at)
       select s.role, s.prefix || '.c' || lpad(b::text, 2, '0'), (select password_hash from users where username = 'admin'),
              initcap(s.prefix) || ' Cabang ' || b, upper(left(s.prefix, 2)), 1, b % 2, b, current_date - ${DAYS}
       from generate_series(1, ${BRANCHES}) b, (values ${rows}) s(prefix, role)`,
    `insert into user_privilege (user_id, fiturcode, iscanread, iscanmanage)
       select u.id, p.fiturcode, p.iscanread, p.iscanmanage
       from users u join users t on t.username = regexp_replace(split_part(u.username, '.', 1), '2$', '')
       join user_privilege p on p.user_id = t.id
       where u.username ~ '\\.c[0-9]{2}$'`,
    `insert into employee (user_id, profile_id, position, join_date, employment, ptkp, base_salary)
       select id, profile_id, initcap(split_part(username, '.', 1)), current_date - ${DAYS}, 'tetap', 'TK/0',
              case role when 2 then 1500000000 when 4 then 1200000000 else 600000000 end
       from users where username ~ '\\.c[0-9]{2}$'`,
    `insert into doctor_schedule (profile_id, doctor_id, day_of_week, start_time, end_time, slot_minutes, capacity, status)
       select u.profile_id, u.id, d, '00:00', '23:59', 15, 50, 1
       from users u, generate_series(1, 7) d where u.role = 2 and u.username ~ '\\.c[0-9]{2}$'`,
  ];
}

// ------------------------------------------------------------------------------------------------ patients
export function patientsSql(pb, n, from, to) {
  return `insert into users (id, role, username, name, initial, status, profile_id, gender, idcard, phone, birth_date, address)
    select ${pb} + g, 1, 'RM' || lpad((1 + (g - 1) % ${BRANCHES})::text, 2, '0') || (5000000 + g)::text,
      f[1 + (g * 7) % ${FIRST.length}] || ' ' || l[1 + ((g * 13) / ${FIRST.length} + g) % ${LAST.length}],
      'PX', 1, 1 + (g - 1) % ${BRANCHES}, g % 2,
      (3172000000000000 + g::bigint * 7919)::text,
      '08' || (1300000000 + g::bigint * 37)::text,
      date '1950-01-01' + (g % 25000),
      'Jl. Chain No. ' || g
    from generate_series(${from}, ${to}) g, (select ${arr(FIRST)} as f, ${arr(LAST)} as l) x
    where g <= ${n}`;
}

// ------------------------------------------------------------------------------------------------ visits
/**
 * Visit g (1..V) of branch 4 + (g-1) % 47, day (g-1) / 47 / perDay after the start, queue number within the day.
 * Its patient is one of the branch's patients; its doctor one of the branch's two. `cols` are expressions over g.
 */
export function visitExpr({ patients, perDay }) {
  const perBranch = Math.floor(patients / BRANCHES);
  return {
    branch: `(${FIRST_CHAIN_BRANCH} + (g - 1) % ${H})`,
    day: `(current_date - ${DAYS} + ((g - 1) / ${H}) / ${perDay})::date`,
    queue: `(((g - 1) / ${H}) % ${perDay} + 1)`,
    // patient number p with (p - 1) % 50 = branch - 1: p = branch + 50 * k
    patient: (pb) =>
      `(${pb} + ${FIRST_CHAIN_BRANCH} + (g - 1) % ${H} + ${BRANCHES} * ((g::bigint * 7919) % ${perBranch}))`,
    amount: `(100000 + (g % 7) * 50000)::bigint * 100`, // sen: a treatment's price
  };
}

/** Per chain branch: its staff, treatment, item, warehouse, period and payroll group (a temp table the phases join). */
export const staffTableSql = `create temp table bench_branch as
  select p.id as b,
    (select id from users where username = 'dokter.c' || lpad(p.id::text, 2, '0')) as d1,
    (select id from users where username = 'dokter2.c' || lpad(p.id::text, 2, '0')) as d2,
    (select id from users where username = 'perawat.c' || lpad(p.id::text, 2, '0')) as nurse,
    (select id from users where username = 'admin.c' || lpad(p.id::text, 2, '0')) as admin,
    (select id from users where username = 'finance.c' || lpad(p.id::text, 2, '0')) as fin,
    (select id from users where username = 'manager.c' || lpad(p.id::text, 2, '0')) as mgr,
    (select id from perawatan where profile_id = p.id order by id limit 1) as pw,
    (select id from perawatan where profile_id = p.id and code = 'TM-KONS') as pk,
    (select id from item where profile_id = p.id order by id limit 1) as im,
    (select id from warehouse where profile_id = p.id and kind = 'apotek') as wa,
    (select id from finance_periode where profile_id = p.id and status = 0) as per,
    (select id from payroll_group where profile_id = p.id) as grp
  from profile p where p.id >= ${FIRST_CHAIN_BRANCH}`;

const ICD = ['J06.9', 'K30', 'L70.0', 'R51', 'I10', 'E11.9', 'M54.5', 'A09', 'K29.7', 'L20.9'];
const C = 5_000_000; // consultation, sen (Rp 50.000)
const HPP = 2_000_000; // cost of the dispensed item, sen

/** Visits g in [from, to] and everything a finished, paid visit leaves: record, entries, payment, journal, stock. */
export function visitSql(sz, b, from, to) {
  const e = visitExpr(sz);
  const g = `generate_series(${from}, ${to}) g join bench_branch s on s.b = ${e.branch}`;
  const amt = `(10000000 + (g % 7) * 5000000)::bigint`; // treatment price, sen
  const ds = `(${amt} / 5)`;
  const at = `(${e.day} + time '08:00' + ((${e.queue} * 9) || ' minutes')::interval) at time zone 'Asia/Jakarta'`;
  const jcode = `'BJ/' || lpad(s.b::text, 2, '0') || '/' || g`;
  return [
    `insert into visit (id, profile_id, code, visit_date, queue_number, customer_id, doctor_id, nurse_id, kind, complaint,
                        status, called_at, started_at, finished_at, created_by, created_at, updated_at)
       select ${b.visit} + g, s.b, 'BV/' || lpad(s.b::text, 2, '0') || '/' || g, ${e.day}, ${e.queue}, ${e.patient(b.users)},
              case when g % 2 = 0 then s.d1 else s.d2 end, s.nurse, 'konsultasi', 'Keluhan kulit', 'selesai',
              ${at}, ${at} + interval '5 minutes', ${at} + interval '20 minutes', s.admin, ${at}, ${at} + interval '20 minutes'
       from ${g}`,
    `insert into rm_record (id, profile_id, visit_id, customer_id, doctor_id, visit_date, status, finished_at, finished_by, created_by, created_at)
       select ${b.rm_record} + v.id - ${b.visit}, v.profile_id, v.id, v.customer_id, v.doctor_id, v.visit_date, 'finished', v.finished_at,
              v.doctor_id, v.doctor_id, v.started_at
       from visit v where v.id between ${b.visit} + ${from} and ${b.visit} + ${to}`,
    `insert into rm_entry (id, profile_id, record_id, visit_id, customer_id, kind, created_by, created_at)
       select ${b.rm_entry} + 2 * (v.id - ${b.visit}) - k, v.profile_id, ${b.rm_record} + v.id - ${b.visit}, v.id, v.customer_id,
              case k when 1 then 'soap' else 'treatment' end, v.doctor_id, v.started_at
       from visit v, (values (0), (1)) x(k) where v.id between ${b.visit} + ${from} and ${b.visit} + ${to}`,
    `insert into rm_entry_version (id, profile_id, entry_id, kind, version, action, subjective, objective, assessment, plan,
                                   sistole, diastole, nadi, suhu, berat, tinggi, perawatan_id, doctor_id, qty, price,
                                   doctor_share, created_by, created_at)
       select e.id, e.profile_id, e.id, e.kind, 1, 'create',
              case when e.kind = 'soap' then 'Keluhan kulit kering dan gatal sejak 3 hari' end,
              case when e.kind = 'soap' then 'Eritema ringan, skuama halus' end,
              case when e.kind = 'soap' then 'Dermatitis' end,
              case when e.kind = 'soap' then 'Krim pelembab, kontrol 2 minggu' end,
              case when e.kind = 'soap' then 110 + (e.id % 30) end, case when e.kind = 'soap' then 70 + (e.id % 15) end,
              case when e.kind = 'soap' then 70 + (e.id % 20) end, case when e.kind = 'soap' then 36.5 end,
              case when e.kind = 'soap' then 55 + (e.id % 30) end, case when e.kind = 'soap' then 150 + (e.id % 30) end,
              case when e.kind = 'treatment' then s.pw end, case when e.kind = 'treatment' then e.created_by end,
              case when e.kind = 'treatment' then 1 end,
              case when e.kind = 'treatment' then (10000000 + ((e.visit_id - ${b.visit}) % 7) * 5000000)::bigint end,
              case when e.kind = 'treatment' then (10000000 + ((e.visit_id - ${b.visit}) % 7) * 5000000)::bigint / 5 end,
              e.created_by, e.created_at
       from rm_entry e join bench_branch s on s.b = e.profile_id
       where e.id between ${b.rm_entry} + 2 * ${from} - 1 and ${b.rm_entry} + 2 * ${to}`,
    `insert into rm_entry_head (entry_id, version_id, version, voided, updated_at)
       select id, id, 1, false, created_at from rm_entry where id between ${b.rm_entry} + 2 * ${from} - 1 and ${b.rm_entry} + 2 * ${to}`,
    `insert into rm_diagnosis (profile_id, version_id, code, is_primary, seq, created_at)
       select e.profile_id, e.id, (${arr(ICD)})[1 + e.visit_id % ${ICD.length}], true, 1, e.created_at
       from rm_entry e where e.kind = 'soap' and e.id between ${b.rm_entry} + 2 * ${from} - 1 and ${b.rm_entry} + 2 * ${to}`,
    `insert into kasir_payment (id, profile_id, code, kind, visit_id, customer_id, session_id, cashier_id, paid_date,
                                subtotal, discount, tax, total, paid, tendered, change, status, idempotency_key,
                                jurnal_id, jurnal_code, print_count, created_at, settled)
       select ${b.kasir_payment} + g, s.b, 'BINV/' || lpad(s.b::text, 2, '0') || '/' || g, 'visit', ${b.visit} + g,
              ${e.patient(b.users)}, ${b.kasir_session} + (s.b - ${FIRST_CHAIN_BRANCH}) * ${DAYS} + ((g - 1) / ${H}) / ${sz.perDay} + 1,
              s.admin, ${e.day}, ${amt} + ${C}, 0, 0, ${amt} + ${C}, ${amt} + ${C}, ${amt} + ${C}, 0, 'paid', 'bench:' || g,
              ${b.jurnal} + g, ${jcode}, 1, ${at} + interval '25 minutes', 0
       from ${g}`,
    `insert into kasir_payment_line (profile_id, payment_id, kind, ref_id, name, qty, price, discount, tax, total, doctor_id, doctor_share)
       select p.profile_id, p.id, 'treatment', case k when 1 then s.pw else s.pk end,
              case k when 1 then 'Tindakan' else 'Konsultasi Dokter' end, 1,
              case k when 1 then p.total - ${C} else ${C} end, 0, 0, case k when 1 then p.total - ${C} else ${C} end,
              v.doctor_id, case k when 1 then (p.total - ${C}) / 5 else 0 end
       from kasir_payment p join visit v on v.id = p.visit_id join bench_branch s on s.b = p.profile_id, (values (1), (2)) x(k)
       where p.id between ${b.kasir_payment} + ${from} and ${b.kasir_payment} + ${to}`,
    `insert into kasir_payment_tender (profile_id, payment_id, payment_method_id, amount, tendered, change)
       select profile_id, id, case when id % 3 = 0 then 2 else 1 end, total, total, 0
       from kasir_payment where id between ${b.kasir_payment} + ${from} and ${b.kasir_payment} + ${to}`,
    `insert into jurnal (id, profile_id, periode_id, code, transaction_at, memo, kind, source_type, source_id, total, line_count, created_by, created_at)
       select ${b.jurnal} + g, s.b, s.per, ${jcode}, ${e.day}, 'Pembayaran kunjungan', 'umum', 'kasir_payment',
              (${b.kasir_payment} + g)::text, ${amt} + ${C} + ${ds} + ${HPP}, 7, s.admin, ${at}
       from ${g}`,
    `insert into jurnal_detail (id, jurnal_id, line_no, akun_id, description, debit, credit, profile_id, transaction_at)
       select ${b.jurnal_detail}::bigint + (g - 1) * 7 + k, ${b.jurnal} + g, k,
              (array[case when g % 3 = 0 then 4 else 3 end, 40, 44, 54, 19, 48, 8])[k], 'Pembayaran kunjungan',
              case k when 1 then ${amt} + ${C} when 4 then ${ds} when 6 then ${HPP} else 0 end,
              case k when 2 then ${amt} when 3 then ${C} when 5 then ${ds} when 7 then ${HPP} else 0 end,
              s.b, ${e.day}
       from ${g}, generate_series(1, 7) k`,
    `insert into stock_movement (profile_id, warehouse_id, item_id, quantity, value, unit_cost, kind, moved_at, source_kind, source_id, created_by, created_at)
       select s.b, s.wa, s.im, -1, -${HPP}, ${HPP}, 'sale', ${e.day}, 'jurnal', ${b.jurnal} + g, s.admin, ${at}
       from ${g}`,
  ];
}

/** The accounts the journals above post to, by code (checked against the database before loading). */
export const ACCOUNTS = { 3: '1101', 4: '1102', 40: '4101', 44: '4105', 54: '6102', 19: '2102', 48: '5101', 8: '1140' };
Object.assign(ACCOUNTS, { 18: '2101', 53: '6101', 21: '2104', 24: '2201' });

/** One closed till session per chain branch and day (the payments above point at them). */
export const sessionsSql = (b) => `insert into kasir_session (id, profile_id, cashier_id, open_date, opened_at, opening_float, status,
      closed_at, closed_by, expected_total, counted_total, difference)
    select ${b.kasir_session} + (s.b - ${FIRST_CHAIN_BRANCH}) * ${DAYS} + d + 1, s.b, s.admin, current_date - ${DAYS} + d,
           (current_date - ${DAYS} + d) + time '07:30', 0, 'closed', (current_date - ${DAYS} + d) + time '21:30', s.admin, 0, 0, 0
    from bench_branch s, generate_series(0, ${DAYS - 1}) d`;

/** Monthly, per chain branch: a stock receipt (movement + journal) and an approved payroll run (lines + journal). */
export function monthlySql(b, sz) {
  const months = `bench_branch s, generate_series(0, ${sz.months - 1}) m`;
  const month = `(date_trunc('month', current_date - ${DAYS}) + m * interval '1 month')::date`;
  const idx = `((s.b - ${FIRST_CHAIN_BRANCH}) * ${sz.months} + m)`;
  const rj = `(${b.jurnal} + ${sz.visits} + 1 + 2 * ${idx})`; // receipt journal; payroll journal = rj + 1
  const qty = sz.perDay * 31 + 100;
  return [
    `insert into jurnal (id, profile_id, periode_id, code, transaction_at, memo, kind, source_type, source_id, total, line_count, created_by)
       select ${rj} + k, s.b, s.per, case k when 0 then 'BJR/' else 'BJG/' end || lpad(s.b::text, 2, '0') || '/' || to_char(${month}, 'YYYYMM'),
              case k when 0 then ${month} else (${month} + interval '1 month' - interval '1 day')::date end,
              case k when 0 then 'Penerimaan barang' else 'Gaji ' || to_char(${month}, 'YYYY-MM') end, 'umum',
              case k when 0 then 'stock_receipt' else 'payroll_run' end, (${idx})::text,
              case k when 0 then ${qty}::bigint * ${HPP} else (select sum(base_salary) from employee e where e.profile_id = s.b) end,
              case k when 0 then 2 else 3 end, s.fin
       from ${months}, (values (0), (1)) x(k)
       where ${month} + case k when 0 then 0 else 31 end < current_date`,
    `insert into jurnal_detail (id, jurnal_id, line_no, akun_id, description, debit, credit, profile_id, transaction_at)
       select ${b.jurnal_detail}::bigint + ${sz.visits}::bigint * 7 + (j.id - ${b.jurnal} - ${sz.visits}) * 3 + l, j.id, l,
              case when j.source_type = 'stock_receipt' then (array[8, 18])[l] else (array[53, 21, 24])[l] end, j.memo,
              case when l = 1 then j.total else 0 end,
              case when j.source_type = 'stock_receipt' then case when l = 2 then j.total else 0 end
                   when l = 2 then j.total - j.total / 20 when l = 3 then j.total / 20 else 0 end,
              j.profile_id, j.transaction_at
       from jurnal j, generate_series(1, 3) l
       where j.id > ${b.jurnal} + ${sz.visits} and (l <= 2 or j.source_type = 'payroll_run')`,
    `insert into stock_movement (profile_id, warehouse_id, item_id, quantity, value, unit_cost, kind, moved_at, source_kind, source_id, created_by)
       select j.profile_id, s.wa, s.im, ${qty}, j.total, ${HPP}, 'receipt', j.transaction_at, 'jurnal', j.id, s.fin
       from jurnal j join bench_branch s on s.b = j.profile_id
       where j.id > ${b.jurnal} + ${sz.visits} and j.source_type = 'stock_receipt'`,
    `insert into payroll_run (profile_id, group_id, period, status, date_from, date_to, jurnal_id, created_by, approved_by, approved_at)
       select j.profile_id, s.grp, to_char(j.transaction_at, 'YYYY-MM'), 1, date_trunc('month', j.transaction_at)::date,
              j.transaction_at, j.id, s.fin, s.mgr, j.transaction_at + time '17:00'
       from jurnal j join bench_branch s on s.b = j.profile_id
       where j.id > ${b.jurnal} + ${sz.visits} and j.source_type = 'payroll_run'`,
    `insert into payroll_run_line (run_id, user_id, employment, ptkp, base_salary, earnings, deductions, bruto,
       jkn_employer, jkn_employee, jht_employer, jht_employee, jp_employer, jp_employee, jkk, jkm, pph21, pph21_method,
       pph21_rate_bp, net, detail)
       select r.id, e.user_id, 'tetap', 'TK/0', e.base_salary, 0, 0, e.base_salary, 0, 0, 0, 0, 0, 0, 0, 0,
              e.base_salary / 20, 'ter', 500, e.base_salary - e.base_salary / 20, '{}'
       from payroll_run r join employee e on e.profile_id = r.profile_id
       where r.profile_id >= ${FIRST_CHAIN_BRANCH}`,
  ];
}

/** What the triggers would have kept: monthly balances, stock balances and valuation of the chain branches. */
/**
 * The chain doctors' fee lines (issue 29's sharing_line), one per treatment line with a doctor's share, as the till
 * writes them when no rule applies (the treatment's fixed share copied): lines before `payableFrom` were paid by
 * earlier runs ('paid'), those from it on wait for the next run ('payable'); `since`: only the lines from that day.
 * bench/chain-fees.mjs times the runs.
 */
export const feeLinesSql = (payableFrom, since = null) => `insert into sharing_line (profile_id, doctor_id, visit_id, payment_id,
      payment_line_id, perawatan_id, qty, basis_amount, share, payable, tax_base_kind, tax_base, status, service_date)
    select l.profile_id, l.doctor_id, v.id, p.id, l.id, l.ref_id, 1, l.total, l.doctor_share, l.doctor_share, 'share',
           l.doctor_share, case when v.visit_date < '${payableFrom}' then 'paid' else 'payable' end, v.visit_date
    from kasir_payment_line l join kasir_payment p on p.id = l.payment_id join visit v on v.id = p.visit_id
    where l.profile_id >= ${FIRST_CHAIN_BRANCH} and l.doctor_share > 0${since ? ` and v.visit_date >= '${since}'` : ''}`;

export const derivedSql = [
  `insert into jurnal_saldo_bulan (profile_id, akun_id, bulan, closing, debit, credit, n)
     select d.profile_id, d.akun_id, date_trunc('month', d.transaction_at)::date, false, sum(d.debit), sum(d.credit), count(*)
     from jurnal_detail d where d.profile_id >= ${FIRST_CHAIN_BRANCH} group by 1, 2, 3`,
  `insert into jurnal_saldo_hari (profile_id, akun_id, hari, closing, debit, credit, n)
     select d.profile_id, d.akun_id, d.transaction_at, false, sum(d.debit), sum(d.credit), count(*)
     from jurnal_detail d where d.profile_id >= ${FIRST_CHAIN_BRANCH} group by 1, 2, 3`,
  // The Backoffice's daily counts of visits, new patients and package sales (drizzle/0068_daily_summaries.sql).
  `select ringkasan_harian_isi()`,
  `insert into stock_balance (profile_id, warehouse_id, item_id, quantity)
     select profile_id, warehouse_id, item_id, sum(quantity) from stock_movement
     where profile_id >= ${FIRST_CHAIN_BRANCH} group by 1, 2, 3`,
  `insert into stock_valuation (item_id, profile_id, quantity, value)
     select item_id, profile_id, sum(quantity), sum(value) from stock_movement
     where profile_id >= ${FIRST_CHAIN_BRANCH} group by 1, 2`,
];

/** Invariants the disabled triggers and foreign keys would have enforced; each query must return 0. */
export const CHECKS = {
  'journals unbalanced or with a wrong count or total': `select count(*) from jurnal j left join (select jurnal_id,
      sum(debit) d, sum(credit) c, count(*) n from jurnal_detail group by 1) s on s.jurnal_id = j.id
      where s.d is null or s.d <> s.c or s.d <> j.total or s.n <> j.line_count`,
  'lines whose branch or date differ from their journal': `select count(*) from jurnal_detail d join jurnal j on j.id = d.jurnal_id
      where d.profile_id <> j.profile_id or d.transaction_at <> j.transaction_at`,
  'journals before their period or on a header account': `select (select count(*) from jurnal j join finance_periode p on p.id = j.periode_id
      where j.transaction_at < p.start_date and j.kind <> 'opening' or p.profile_id <> j.profile_id)
      + (select count(*) from jurnal_detail d join akun a on a.id = d.akun_id where a.isheader or a.status <> 1)`,
  'monthly balances differing from the sum of lines': `select count(*) from jurnal_saldo_bulan s full join (
      select d.profile_id, d.akun_id, date_trunc('month', d.transaction_at)::date bulan, j.kind = 'closing' closing,
             sum(d.debit) debit, sum(d.credit) credit, count(*) n
      from jurnal_detail d join jurnal j on j.id = d.jurnal_id group by 1, 2, 3, 4) l
      using (profile_id, akun_id, bulan, closing)
      where l.n is distinct from s.n or l.debit is distinct from s.debit or l.credit is distinct from s.credit`,
  'daily balances differing from the sum of lines': `select count(*) from jurnal_saldo_hari s full join (
      select d.profile_id, d.akun_id, d.transaction_at hari, j.kind = 'closing' closing,
             sum(d.debit) debit, sum(d.credit) credit, count(*) n
      from jurnal_detail d join jurnal j on j.id = d.jurnal_id group by 1, 2, 3, 4) l
      using (profile_id, akun_id, hari, closing)
      where l.n is distinct from s.n or l.debit is distinct from s.debit or l.credit is distinct from s.credit`,
  'daily counts differing from the documents': `select count(*) from (select * from ringkasan_harian where n <> 0) s
      full join (select profile_id, visit_date hari, 'kunjungan' jenis, count(*)::int n from visit group by 1, 2
                 union all select profile_id, join_at, 'pasien_baru', count(*)::int from users
                  where role = 1 and join_at is not null group by 1, 2
                 union all select profile_id, registered_at, 'paket', count(*)::int from paket_membership group by 1, 2) d
      using (profile_id, hari, jenis) where s.n is distinct from d.n`,
  'stock balances differing from the sum of movements': `select count(*) from stock_balance b full join (
      select profile_id, warehouse_id, item_id, batch_id, sum(quantity) q from stock_movement group by 1, 2, 3, 4) m
      on m.profile_id = b.profile_id and m.warehouse_id = b.warehouse_id and m.item_id = b.item_id
         and m.batch_id is not distinct from b.batch_id
      where m.q is distinct from b.quantity and not (m.q is null and b.quantity = 0)`,
  'stock valuation differing from the movements': `select count(*) from stock_valuation v full join (
      select item_id, profile_id, sum(quantity) q, sum(value) val from stock_movement group by 1, 2) m using (item_id, profile_id)
      where m.q is distinct from v.quantity or m.val is distinct from v.value`,
  'rows pointing at a missing parent or another branch': `select
      (select count(*) from visit v left join users u on u.id = v.customer_id where u.id is null or u.profile_id <> v.profile_id)
    + (select count(*) from kasir_payment p left join visit v on v.id = p.visit_id where p.kind = 'visit' and (v.id is null or v.profile_id <> p.profile_id))
    + (select count(*) from kasir_payment p left join kasir_session k on k.id = p.session_id where k.id is null or k.profile_id <> p.profile_id)
    + (select count(*) from kasir_payment p left join jurnal j on j.id = p.jurnal_id where p.jurnal_id is not null and (j.id is null or j.code <> p.jurnal_code))
    + (select count(*) from rm_entry e left join rm_record r on r.id = e.record_id where r.id is null or r.visit_id <> e.visit_id)
    + (select count(*) from rm_entry_head h left join rm_entry_version v on v.id = h.version_id where v.id is null or v.entry_id <> h.entry_id)`,
  'negative stock': `select count(*) from stock_balance where quantity < 0`,
};

/** The big tables whose secondary indexes are dropped for the bulk phases and built again afterwards. */
export const BULK_TABLES = [
  'users',
  'visit',
  'rm_record',
  'rm_entry',
  'rm_entry_version',
  'rm_diagnosis',
  'kasir_payment',
  'kasir_payment_line',
  'kasir_payment_tender',
  'jurnal',
  'jurnal_detail',
  'stock_movement',
];
/** Their indexes that no constraint owns (primary keys stay): name and definition, to drop now and build later. */
export const secondaryIndexesSql = `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
  from pg_index i where i.indrelid::regclass::text = any($1)
    and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`;
