import { describe, expect, it } from 'vitest';
import { loadAreas, titleCase } from './wilayah.js';

describe('official area names for display', () => {
  it('keeps the official capitals and lower-case joining words', () => {
    expect(titleCase('DKI JAKARTA')).toBe('DKI Jakarta');
    expect(titleCase('DAERAH ISTIMEWA YOGYAKARTA')).toBe('Daerah Istimewa Yogyakarta');
    expect(titleCase('KOTA ADMINISTRASI JAKARTA SELATAN')).toBe('Kota Administrasi Jakarta Selatan');
    expect(titleCase('KABUPATEN PANGKAJENE DAN KEPULAUAN')).toBe('Kabupaten Pangkajene dan Kepulauan');
    expect(titleCase('SUKAMAJU II')).toBe('Sukamaju II');
    expect(titleCase('KOTA BANDUNG')).toBe('Kota Bandung');
    expect(titleCase('TANJUNG PRIOK-BARAT')).toBe('Tanjung Priok-Barat');
  });
  it('gives every province a name without a mis-cased acronym', async () => {
    const { provinces } = await loadAreas();
    const names = provinces.map((p) => titleCase(p.name));
    expect(names).toContain('DKI Jakarta');
    expect(names.filter((n) => /\bDki\b|\bDi\b/.test(n))).toEqual([]);
  });
});
