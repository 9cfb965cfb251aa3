import { MSG, type ErrorItem, type ReservationDto, type ReservationInput } from '@klinik/shared';
import { ApiError } from '../../lib/trpc';

/**
 * POST /api/service/reservation with an Idempotency-Key (the shared `api` helper sends no custom headers): a double
 * click or a retried request books once. A full slot answers 409 'Slot ... sudah penuh'.
 */
export async function bookReservation(input: ReservationInput, idempotencyKey: string): Promise<ReservationDto> {
  const res = await fetch('/api/service/reservation', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const issues: ErrorItem[] =
      Array.isArray(json) && json.length > 0
        ? (json as ErrorItem[])
        : [{ message: res.status >= 500 ? MSG.serverError : MSG.badInput }];
    throw new ApiError(res.status, issues);
  }
  return (json as { data: ReservationDto }).data;
}

export interface PatientOption {
  id: number;
  name: string;
  username: string;
  phone: string | null;
}
export interface DoctorOption {
  id: number;
  name: string;
  specialization: string | null;
}
