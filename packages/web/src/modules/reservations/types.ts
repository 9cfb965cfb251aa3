/** The pickers' rows of the reservation pages (patient and doctor search). */
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
