/**
 * FHIR dateTime with a UTC offset. SATUSEHAT asks for the `+00:00` form (guidance of November 2023): an instant is
 * written in UTC with an explicit `+00:00`, never a bare `Z` nor a local offset glued on by hand.
 */
export function fhirDateTime(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError('Tanggal tidak valid');
  return at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
