/** The rows the doctor master's tabs and dialogs show (as the doctors endpoints answer them). */
export interface Candidate {
  id: number;
  name: string;
  username: string;
  home_branch: string;
  practising: boolean;
}
export interface Practice {
  id: number;
  doctor_id: number;
  doctor_name: string;
  doctor_username: string;
  home_branch: string;
  sip_number: string | null;
  specialization: string | null;
  status: number;
}
export interface Schedule {
  id: number;
  doctor_id: number;
  doctor_name: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
  slot_minutes: number;
  capacity: number;
  status: number;
}
