import type * as React from 'react';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { ActiveStatusSelect } from '../../../components/ListFilters';

/**
 * The filter bar of the patient lists ('Pasien' of a branch and of the backoffice): name, NO RM., phone or NIK and
 * the status; `branchFilter` goes before the status where the list spans branches.
 */
export function PatientFilterBar({
  keyword,
  onKeyword,
  status,
  onStatus,
  branchFilter,
}: {
  keyword: string;
  onKeyword: (keyword: string) => void;
  status: string;
  onStatus: (status: string) => void;
  branchFilter?: React.ReactNode;
}) {
  return (
    <ListFilterBar
      keyword={keyword}
      onKeyword={onKeyword}
      placeholder="Cari nama, NO RM., telepon atau NIK..."
      label="Cari pasien"
      testId="patient-search"
    >
      {branchFilter}
      <ActiveStatusSelect value={status} onValueChange={onStatus} triggerClassName="sm:w-44" />
    </ListFilterBar>
  );
}
