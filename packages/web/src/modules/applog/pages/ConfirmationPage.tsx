import * as React from 'react';
import { formatDateTime, type ApplogDto } from '@klinik/shared';
import { useTRPCClient } from '../../../lib/trpc';
import { exportToExcel } from '../../../components/export-excel';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ApplogFilterBar, toApplogFilters, type ApplogFilterState } from '../components/ApplogFilterBar';
import { ApplogList } from '../components/ApplogList';

/** /confirmation: the activity list full width, with filters and an Excel export. */
export default function ConfirmationPage() {
  const client = useTRPCClient();
  const [filters, setFilters] = React.useState<ApplogFilterState>({ scope: 'waiting', keyword: '', status: 'any' });
  const [page, setPage] = React.useState(1);
  const keyword = useDebouncedValue(filters.keyword);
  const applied = toApplogFilters({ ...filters, keyword });

  const exportRows = async () => {
    const rows: ApplogDto[] = [];
    for (let p = 1; p <= 20; p++) {
      const res = await client.applog.list.query({ ...applied, page: p, limit: 500 });
      rows.push(...res.data);
      if (rows.length >= res.count || res.data.length === 0) break;
    }
    await exportToExcel<ApplogDto>(
      'aktivitas',
      [
        { header: 'Waktu', value: (r) => formatDateTime(r.logtime), width: 20 },
        { header: 'Pengguna', value: (r) => r.userdata.name, width: 24 },
        { header: 'Aktivitas', value: 'message', width: 50 },
        { header: 'Catatan', value: 'note', width: 30 },
        { header: 'Status', value: 'statusname', width: 22 },
        { header: 'Alasan', value: 'reason', width: 30 },
        { header: 'Diputuskan oleh', value: (r) => r.decidedby?.name ?? '', width: 24 },
        { header: 'Waktu Keputusan', value: (r) => (r.decided_at ? formatDateTime(r.decided_at) : ''), width: 20 },
      ],
      rows,
      'Aktivitas',
    );
  };

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-4">
      <PageHeader
        title="Konfirmasi Aktivitas"
        description="Setujui atau tolak permintaan, dan lihat riwayat aktivitas."
        actions={<ExportExcelButton onExport={exportRows} />}
      />
      <ApplogFilterBar
        value={filters}
        onChange={(f) => {
          setFilters(f);
          setPage(1);
        }}
        scopes={['waiting', 'mine', 'all']}
      />
      <ApplogList filters={applied} page={page} onPage={setPage} />
    </div>
  );
}
