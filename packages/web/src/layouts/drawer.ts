/** Side drawer width (spec 2.8, 9). */
export const DRAWER_WIDTH = 350;

const ALWAYS_CLOSED = [/kunjungan/, /paket/, /membership\/(member|discount|point)/];
const CLOSED_WHEN_SMALL = [/pricelist/, /user/, /inventory/, /finance/, /rekammedis/, /master/];

/**
 * Whether the clinic layout's side drawer starts open on a path (spec 2.8): closed on kunjungan, paket and
 * membership member/discount/point; on smaller screens also on pricelist, user, inventory, finance, rekammedis
 * and master; open elsewhere. "Smaller" = below 1280 px (docs/decisions.md).
 */
export function drawerOpenFor(path: string, isSmall: boolean): boolean {
  const p = path.toLowerCase();
  if (ALWAYS_CLOSED.some((re) => re.test(p))) return false;
  if (isSmall && CLOSED_WHEN_SMALL.some((re) => re.test(p))) return false;
  return true;
}
