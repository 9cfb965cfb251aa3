import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { DAY_OF_WEEK_LABEL } from '@klinik/shared';
import { statusLabel } from '../../../lib/status';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { Practice, Schedule } from '../components/types';
import { ClosedTab } from '../components/ClosedTab';
import { PracticeDialog } from '../components/PracticeDialog';
import { ScheduleDialog } from '../components/ScheduleDialog';
import { usePaging } from '../../../lib/use-paging';

/** 'Master Dokter' (/service/master/doctor): doctors practising here, their weekly schedules and closed dates. */
export default function DoctorMasterPage() {
  const trpc = useTRPC();
  const [keyword, setKeyword] = React.useState('');
  const { page, size: limit, pagination, resetting } = usePaging();
  const practices = useQuery({
    ...trpc.doctors.practices.queryOptions({ keyword: keyword.trim() || undefined, page, limit }),
    meta: { inlineErrors: true },
  });
  const all = useQuery(trpc.doctors.practices.queryOptions({ page: 1, limit: 500 }));
  const schedules = useQuery({ ...trpc.doctors.schedules.queryOptions({}), meta: { inlineErrors: true } });
  const [practiceDialog, setPracticeDialog] = React.useState<{ edit: Practice | null } | null>(null);
  const [scheduleDialog, setScheduleDialog] = React.useState<{ edit: Schedule | null } | null>(null);
  const doctors = (all.data?.data ?? []) as Practice[];

  const pcols: Column<Practice>[] = [
    {
      key: 'name',
      header: 'Dokter',
      cell: (p) => (
        <div>
          <p>{p.doctor_name}</p>
          <p className="text-xs text-muted-foreground">
            {p.doctor_username} · {p.home_branch}
          </p>
        </div>
      ),
    },
    { key: 'sip', header: 'No SIP', cell: (p) => p.sip_number ?? '-' },
    { key: 'spec', header: 'Spesialisasi', cell: (p) => p.specialization ?? '-' },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => <Badge variant={p.status === 1 ? 'success' : 'secondary'}>{statusLabel(p.status)}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      cell: (p) => (
        <Button size="sm" variant="outline" onClick={() => setPracticeDialog({ edit: p })}>
          Ubah
        </Button>
      ),
    },
  ];
  const scols: Column<Schedule>[] = [
    { key: 'doctor', header: 'Dokter', cell: (s) => s.doctor_name },
    { key: 'day', header: 'Hari', cell: (s) => DAY_OF_WEEK_LABEL[s.day_of_week] },
    { key: 'time', header: 'Jam', cell: (s) => `${s.start_time.slice(0, 5)}-${s.end_time.slice(0, 5)}` },
    { key: 'slot', header: 'Slot', cell: (s) => `${s.slot_minutes} menit` },
    { key: 'cap', header: 'Kapasitas', cell: (s) => `${s.capacity} per slot` },
    {
      key: 'status',
      header: 'Status',
      cell: (s) => <Badge variant={s.status === 1 ? 'success' : 'secondary'}>{statusLabel(s.status)}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      cell: (s) => (
        <Button size="sm" variant="outline" onClick={() => setScheduleDialog({ edit: s })}>
          Ubah
        </Button>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Master Dokter"
        description="Dokter yang praktik di cabang ini, jadwal praktik mingguan dan tanggal libur."
      />
      <Tabs defaultValue="dokter">
        <TabsList>
          <TabsTrigger value="dokter">Dokter</TabsTrigger>
          <TabsTrigger value="jadwal">Jadwal Praktik</TabsTrigger>
          <TabsTrigger value="libur">Tanggal Libur</TabsTrigger>
        </TabsList>
        <TabsContent value="dokter" className="grid gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Cari" htmlFor="doctor-keyword" className="min-w-64">
              <Input
                id="doctor-keyword"
                value={keyword}
                onChange={(e) => resetting(setKeyword)(e.target.value)}
                placeholder="Nama atau username"
              />
            </FormField>
            <Button onClick={() => setPracticeDialog({ edit: null })}>Tambah Dokter</Button>
          </div>
          <PagedQueryTable query={practices} pagination={pagination} columns={pcols} />
        </TabsContent>
        <TabsContent value="jadwal" className="grid gap-3">
          <div>
            <Button onClick={() => setScheduleDialog({ edit: null })} disabled={!doctors.length}>
              Tambah Jadwal
            </Button>
          </div>
          {schedules.error ? <ErrorList items={errorItems(schedules.error)} /> : null}
          <DataTable columns={scols} rows={schedules.data} rowKey={(s) => s.id} loading={schedules.isPending} />
        </TabsContent>
        <TabsContent value="libur">
          <ClosedTab doctors={doctors} />
        </TabsContent>
      </Tabs>
      <PracticeDialog
        open={practiceDialog !== null}
        edit={practiceDialog?.edit ?? null}
        onClose={() => setPracticeDialog(null)}
      />
      <ScheduleDialog
        open={scheduleDialog !== null}
        edit={scheduleDialog?.edit ?? null}
        doctors={doctors}
        onClose={() => setScheduleDialog(null)}
      />
    </div>
  );
}
