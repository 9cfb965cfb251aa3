import * as React from 'react';
import type { Column } from './DataTable';

/** A patient as the lists name one: the name and the medical record number (NO RM., the patient's username). */
export interface PatientRef {
  name: string;
  username: string | null;
}

/**
 * The 'Pasien' column of every table that lists a patient per row (visits, the queue, the record lists, the cashier's
 * lists, reservations, package sales and receivables): the name, and under it NO RM. with any detail of the row
 * (the queue adds the visit code). The primary column on a phone unless told otherwise.
 */
export function patientColumn<T>(
  patient: (row: T) => PatientRef,
  opts: { primary?: boolean; detail?: (row: T) => React.ReactNode } = {},
): Column<T> {
  return {
    key: 'customer',
    header: 'Pasien',
    primary: opts.primary ?? true,
    cell: (row) => {
      const p = patient(row);
      const detail = opts.detail?.(row);
      return (
        <div className="flex flex-col">
          <span>{p.name}</span>
          <span className="text-xs text-muted-foreground">
            NO RM. {p.username}
            {detail ? <> · {detail}</> : null}
          </span>
        </div>
      );
    },
  };
}
