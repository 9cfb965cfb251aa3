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

type AreaIndex = Map<string, Area>;
let index: Promise<AreaIndex[]> | undefined;

/** The four levels keyed by code, built once from the lists. */
function areaIndex(): Promise<AreaIndex[]> {
  index ??= loadAreas().then((a) =>
    [a.provinces, a.regencies, a.districts, a.villages].map((list) => new Map(list.map((x) => [x.code, x]))),
  );
  return index;
}

/** The area codes of a branch (issue 30 item 5), province down to village. */
export interface AreaCodes {
  provincy_code: string | null;
  city_code: string | null;
  kecamatan_code: string | null;
  desa_code: string | null;
}

const CODE_FIELDS = ['provincy_code', 'city_code', 'kecamatan_code', 'desa_code'] as const;
const LEVEL_LABELS = ['Provinsi', 'Kota/kabupaten', 'Kecamatan', 'Desa/kelurahan'];
const PARENT_LABELS = ['', 'provinsi', 'kota/kabupaten', 'kecamatan'];

/**
 * Why a set of area codes is wrong, on which field, or null when it is a chain of real areas: every code given
 * exists, its level above is given, and it lies inside it ('Kota/kabupaten tidak termasuk provinsi yang dipilih').
 */
export async function areaCodesProblem(codes: AreaCodes): Promise<{ field: string; message: string } | null> {
  const levels = await areaIndex();
  for (let i = 0; i < CODE_FIELDS.length; i++) {
    const code = codes[CODE_FIELDS[i]];
    if (!code) continue;
    const area = levels[i].get(code);
    if (!area) return { field: CODE_FIELDS[i], message: `${LEVEL_LABELS[i]} tidak ditemukan` };
    if (i === 0) continue;
    const parent = codes[CODE_FIELDS[i - 1]];
    if (!parent) return { field: CODE_FIELDS[i - 1], message: `${LEVEL_LABELS[i - 1]} wajib dipilih` };
    if (area.parent !== parent)
      return { field: CODE_FIELDS[i], message: `${LEVEL_LABELS[i]} tidak termasuk ${PARENT_LABELS[i]} yang dipilih` };
  }
  return null;
}

/** Display names of the codes ('' where a level is not set or unknown). */
export async function areaNames(
  codes: AreaCodes,
): Promise<{ provincy: string; city: string; kecamatan: string; desa: string }> {
  const levels = await areaIndex();
  const name = (i: number) => {
    const code = codes[CODE_FIELDS[i]];
    const area = code ? levels[i].get(code) : undefined;
    return area ? titleCase(area.name) : '';
  };
  return { provincy: name(0), city: name(1), kecamatan: name(2), desa: name(3) };
}
