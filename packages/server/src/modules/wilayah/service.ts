import type { AreaDto, WilayahLevel, WilayahQuery } from '@klinik/shared';
import { badRequest } from '../../http/errors.js';
import { loadAreas, titleCase } from '../../lib/wilayah.js';

/** Areas of one level under a parent code (provinces need none), filtered by keyword, sorted by name. */
export async function areas(level: WilayahLevel, query: WilayahQuery): Promise<AreaDto[]> {
  if (level !== 'provinces' && !query.parent) throw badRequest('Kode wilayah induk wajib diisi', 'parent');
  const all = (await loadAreas())[level];
  const kw = query.keyword?.toLowerCase();
  const out: AreaDto[] = [];
  for (const a of all) {
    if (level !== 'provinces' && a.parent !== query.parent) continue;
    if (kw && !a.name.toLowerCase().includes(kw)) continue;
    out.push({ code: a.code, name: titleCase(a.name), parent: a.parent });
  }
  out.sort((x, y) => x.name.localeCompare(y.name, 'id'));
  return out.slice(0, query.limit);
}
