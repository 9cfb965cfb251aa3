import { describe, expect, it } from 'vitest';
import { newPatientInput } from '@klinik/shared';
import {
  compactPatientPayload,
  EMPTY_PATIENT,
  genderLabel,
  guardianHint,
  nikBirthWarning,
  patientListFilters,
  patientUpdatePayload,
  valuesForValidation,
  WALI_FIELDS,
} from './lib';

// 3171 01 | 15 08 90 | 0001: a man born 15 Aug 1990; a woman born that day has 55 as the day.
const NIK_M = '3171011508900001';
const NIK_F = '3171015508900001';

describe('nikBirthWarning', () => {
  it('says nothing without a full NIK or a birth date', () => {
    expect(nikBirthWarning('', '1990-08-15', '0')).toBeNull();
    expect(nikBirthWarning('317101150890000', '1990-08-15', '0')).toBeNull();
    expect(nikBirthWarning(NIK_M, '', '0')).toBeNull();
  });

  it('says nothing when the date part agrees (day + 40 for women)', () => {
    expect(nikBirthWarning(NIK_M, '1990-08-15', '0')).toBeNull();
    expect(nikBirthWarning(NIK_F, '1990-08-15', '1')).toBeNull();
    expect(nikBirthWarning(` ${NIK_M} `, '1990-08-15', '')).toBeNull();
  });

  it('warns on a different birth date', () => {
    expect(nikBirthWarning(NIK_M, '1990-08-16', '0')).toMatch(/tidak sesuai dengan tanggal lahir/);
    expect(nikBirthWarning(NIK_M, '1991-08-15', '')).toMatch(/tidak sesuai dengan tanggal lahir/);
  });

  it('names the gender when only the day + 40 rule disagrees', () => {
    expect(nikBirthWarning(NIK_M, '1990-08-15', '1')).toMatch(/jenis kelamin/);
    expect(nikBirthWarning(NIK_F, '1990-08-15', '0')).toMatch(/jenis kelamin/);
  });
});

describe('new patient form values', () => {
  const filled = {
    ...EMPTY_PATIENT,
    name: '  Sari Dewi ',
    gender: '1',
    idcard: NIK_F,
    birth_date: '1990-08-15',
    phone: '081234567890',
    wali_name: 'Budi',
    wali_idcard: '123',
  };

  it('leaves the guardian out while the switch is off, so hidden fields never block', () => {
    const v = valuesForValidation(filled);
    for (const k of WALI_FIELDS) expect(v).not.toHaveProperty(k);
    expect(newPatientInput.safeParse(v).success).toBe(true);
  });

  it('checks the guardian while the switch is on', () => {
    const r = newPatientInput.safeParse(valuesForValidation({ ...filled, withWali: true }));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['wali_idcard']);
    expect(r.error?.issues[0].message).toBe('NIK harus 16 digit angka');
  });

  it('refuses a 15-digit NIK and a missing gender with Indonesian messages', () => {
    const r = newPatientInput.safeParse(valuesForValidation({ ...filled, gender: '', idcard: '317101550890000' }));
    expect(r.success).toBe(false);
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ gender: 'Jenis kelamin wajib dipilih', idcard: 'NIK harus 16 digit angka' });
  });

  it('sends only what was filled, trimmed and typed', () => {
    const parsed = newPatientInput.parse(valuesForValidation({ ...filled, withWali: true, wali_idcard: '' }));
    expect(compactPatientPayload(parsed)).toEqual({
      name: 'Sari Dewi',
      gender: 1,
      idcard: NIK_F,
      birth_date: '1990-08-15',
      phone: '081234567890',
      wali_name: 'Budi',
      // The switch goes along: the server checks the same guardian rule (issue 26).
      with_wali: true,
    });
  });

  it('an edit of a registered patient clears what the form no longer holds (issue 26)', () => {
    const parsed = newPatientInput.parse(valuesForValidation({ ...filled, withWali: false }));
    const body = patientUpdatePayload(compactPatientPayload(parsed));
    expect(body).toMatchObject({ name: 'Sari Dewi', phone: '081234567890', wali_name: null, address: null });
    expect(Object.keys(body)).not.toContain('with_wali');
  });

  it('suggests a guardian below 17 on the branch day, not once the switch is on (issue 26)', () => {
    expect(guardianHint('2010-06-02', '2027-06-01', false)).toContain('di bawah 17 tahun');
    expect(guardianHint('2010-06-01', '2027-06-01', false)).toBeNull();
    expect(guardianHint('2015-01-01', '2027-06-01', true)).toBeNull();
    expect(guardianHint('', '2027-06-01', false)).toBeNull();
  });
});

describe('list helpers', () => {
  it('asks for patients and drops empty filters', () => {
    expect(patientListFilters('  ', 'any')).toEqual({ role: 1, keyword: undefined, status: undefined });
    expect(patientListFilters(' sari ', '0')).toEqual({ role: 1, keyword: 'sari', status: 0 });
    expect(patientListFilters('', '1')).toEqual({ role: 1, keyword: undefined, status: 1 });
  });

  it('labels gender from the name or the code', () => {
    expect(genderLabel({ gender: 1, gendername: null })).toBe('Perempuan');
    expect(genderLabel({ gender: 0, gendername: 'Laki-laki' })).toBe('Laki-laki');
    expect(genderLabel({ gender: null, gendername: null })).toBe('');
  });
});
