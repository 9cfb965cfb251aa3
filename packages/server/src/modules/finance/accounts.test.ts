import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { ACCOUNT, type AccountKey } from './accounts.js';

/**
 * Every `ACCOUNT.*` constant names its own code, and the chart of accounts the migrations seed has that code under the
 * intended name. 1170 was both 'Piutang Antar Cabang' (0028) and PPh 25 dibayar dimuka (0049, whose insert was
 * skipped): PPh 25 instalments went to the inter-branch receivable until it got 1180 (0061).
 */
const INTENDED: Record<AccountKey, string> = {
  kas: 'Kas',
  bank: 'Bank',
  kasKecil: 'Kas Kecil',
  piutangPasien: 'Piutang Pasien',
  piutangMembership: 'Piutang Membership',
  persediaan: 'Persediaan Obat & Barang',
  persediaanPerjalanan: 'Persediaan Dalam Perjalanan',
  hutangUsaha: 'Hutang Usaha (Vendor)',
  hutangDokter: 'Hutang Dokter',
  hutangInvestor: 'Hutang Investor',
  hutangGaji: 'Hutang Gaji',
  hutangLabRumahSakit: 'Hutang Laboratorium & Rumah Sakit',
  hutangPph21: 'Hutang PPh 21',
  hutangPph23: 'Hutang PPh 23',
  hutangPphBadan: 'Hutang PPh Badan',
  hutangBpjs: 'Hutang BPJS',
  hutangPpn: 'Hutang PPN',
  pendapatanPaketDimuka: 'Pendapatan Paket Diterima Dimuka',
  depositPasien: 'Deposit Pasien',
  modalDisetor: 'Modal Disetor',
  labaDitahan: 'Laba Ditahan',
  pendapatanTindakan: 'Pendapatan Tindakan Medis',
  pendapatanProduk: 'Pendapatan Penjualan Produk',
  pendapatanPaket: 'Pendapatan Paket',
  pendapatanLab: 'Pendapatan Laboratorium',
  pendapatanKonsultasi: 'Pendapatan Konsultasi',
  potonganPenjualan: 'Potongan Penjualan',
  hpp: 'Harga Pokok Penjualan',
  bebanBhp: 'Beban Bahan Medis Habis Pakai',
  bebanLab: 'Beban Laboratorium',
  selisihPersediaan: 'Selisih Persediaan',
  bebanGaji: 'Beban Gaji',
  bebanBagiHasilDokter: 'Beban Bagi Hasil Dokter',
  bebanSewa: 'Beban Sewa',
  bebanUtilitas: 'Beban Listrik, Air & Telepon',
  bebanBpjs: 'Beban BPJS Perusahaan',
  bebanPajakPenghasilan: 'Beban Pajak Penghasilan',
  pph25DibayarDimuka: 'PPh Pasal 25 Dibayar Dimuka',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ACCOUNT constants and the seeded chart', () => {
  it('every constant names a distinct code', () => {
    const codes = Object.values(ACCOUNT);
    const seen = new Map<string, string[]>();
    for (const [key, code] of Object.entries(ACCOUNT)) seen.set(code, [...(seen.get(code) ?? []), key]);
    expect([...seen].filter(([, keys]) => keys.length > 1)).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('every code is a postable account of the chart under its intended name', async () => {
    const rows = await queryRows<{ code: string; name: string; isheader: boolean; status: number }>(
      t.db,
      sql`select code, name, isheader, status from akun where profile_id is null`,
    );
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const wrong = Object.entries(ACCOUNT)
      .map(([key, code]) => ({
        key,
        code,
        name: byCode.get(code)?.name ?? null,
        intended: INTENDED[key as AccountKey],
      }))
      .filter((r) => r.name !== r.intended);
    expect(wrong).toEqual([]);
    for (const code of Object.values(ACCOUNT)) expect(byCode.get(code)?.isheader).toBe(false);
    // 1170 keeps the meaning the inventory transfers post to.
    expect(byCode.get('1170')?.name).toBe('Piutang Antar Cabang');
  });
});
