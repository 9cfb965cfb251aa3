import { ShiftList } from './ShiftPage';

/** /backoffice/attendance/shift: shifts across the branches a top-level user sees. */
export default function BackofficeShiftPage() {
  return <ShiftList allBranches />;
}
