import { getDistricts, getProvinces, getRegencies, getVillages } from 'idn-area-data';

/** Indonesian administrative areas (idn-area-data: official codes), loaded once and kept in memory. */
export interface Area {
  code: string;
  name: string;
  parent: string;
}

let cache: Promise<{ provinces: Area[]; regencies: Area[]; districts: Area[]; villages: Area[] }> | undefined;

export function loadAreas() {
  cache ??= (async () => {
    const [provinces, regencies, districts, villages] = await Promise.all([
      getProvinces(),
      getRegencies(),
      getDistricts(),
      getVillages(),
    ]);
    return {
      provinces: provinces.map((p) => ({ code: p.code, name: p.name, parent: '' })),
      regencies: regencies.map((r) => ({ code: r.code, name: r.name, parent: r.province_code })),
      districts: districts.map((d) => ({ code: d.code, name: d.name, parent: d.regency_code })),
      villages: villages.map((v) => ({ code: v.code, name: v.name, parent: v.district_code })),
    };
  })();
  return cache;
}

/** "KOTA BANDUNG" -> "Kota Bandung" for display. */
export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}
