import { EmployeeDataPage } from './StakeholderPage';
export default EmployeeDataPage;
