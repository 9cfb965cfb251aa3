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

const UPPER_WORDS = new Set(['DKI', 'DI', 'RT', 'RW', 'UPT', 'PT']);
const ROMAN = /^(?=[IVX]+$)X{0,3}(IX|IV|V?I{0,3})$/;
const LOWER_WORDS = new Set(['dan']);

/**
 * Official names for display: "KOTA BANDUNG" -> "Kota Bandung", "DKI JAKARTA" -> "DKI Jakarta" (not "Dki Jakarta"),
 * "SUKAMAJU II" -> "Sukamaju II", "PANGKAJENE DAN KEPULAUAN" -> "Pangkajene dan Kepulauan".
 */
export function titleCase(s: string): string {
  return s
    .split(/(\s+|[(-])/u)
    .map((word, i) => {
      if (!word || /^(\s+|[(-])$/u.test(word)) return word;
      const upper = word.toUpperCase();
      if (UPPER_WORDS.has(upper) || ROMAN.test(upper)) return upper;
      const lower = word.toLowerCase();
      if (i > 0 && LOWER_WORDS.has(lower)) return lower;
      return lower.replace(/^(\p{L})/u, (ch) => ch.toUpperCase());
    })
    .join('');
}
