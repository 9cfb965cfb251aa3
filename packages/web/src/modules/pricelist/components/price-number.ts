/** A typed rupiah amount ('150.000' or '150000,5') as a number; empty is NaN so the schema says it is missing. */
export const priceNumber = (v: string) =>
  v.trim() === '' ? Number.NaN : Number(v.replace(/\./g, '').replace(',', '.'));
