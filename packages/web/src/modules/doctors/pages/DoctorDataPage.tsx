import { DoctorDataPage } from './StakeholderPage';
export default DoctorDataPage;
