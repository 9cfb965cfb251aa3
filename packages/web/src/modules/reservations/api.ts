import type { ReservationDto, ReservationInput } from '@klinik/shared';
import { api } from '../../lib/api';

/**
 * POST /api/service/reservation with an Idempotency-Key (through the shared `api` helper): a double
 * click or a retried request books once. A full slot answers 409 'Slot ... sudah penuh'.
 */
export async function bookReservation(input: ReservationInput, idempotencyKey: string): Promise<ReservationDto> {
  return (await api.post<{ data: ReservationDto }>('/api/service/reservation', input, { idempotencyKey })).data;
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
