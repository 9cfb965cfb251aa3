import IncomeReportPage from './IncomeReportPage';

/** /backoffice/finance/income/treatment: the branch page's treatment income of every branch, with a branch column. */
export default function BackofficeIncomePage() {
  return <IncomeReportPage backoffice />;
}
