import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  DAY_OF_WEEK_LABEL,
  DEFAULT_SLOT_CAPACITY,
  DEFAULT_SLOT_MINUTES,
  formatDate,
  type ErrorItem,
} from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { api, errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { DateInput } from '../../../components/ui/date-input';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';

interface Candidate {
  id: number;
  name: string;
  username: string;
  home_branch: string;
  practising: boolean;
}
interface Practice {
  id: number;
  doctor_id: number;
  doctor_name: string;
  doctor_username: string;
  home_branch: string;
  sip_number: string | null;
  specialization: string | null;
  status: number;
}
interface Schedule {
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

const fieldErr = (errors: ErrorItem[], f: string) => errors.find((e) => e.field === f)?.message;

function PracticeDialog({ edit, open, onClose }: { edit: Practice | null; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const add = useMutation({ ...trpc.doctors.addPractice.mutationOptions(), meta: { inlineErrors: true } });
  const upd = useMutation({ ...trpc.doctors.updatePractice.mutationOptions(), meta: { inlineErrors: true } });
  const [doctor, setDoctor] = React.useState<Candidate | null>(null);
  const [sip, setSip] = React.useState('');
  const [spec, setSpec] = React.useState('');
  const [status, setStatus] = React.useState('1');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  React.useEffect(() => {
    setErrors([]);
    setDoctor(
      edit
        ? {
            id: edit.doctor_id,
            name: edit.doctor_name,
            username: edit.doctor_username,
            home_branch: edit.home_branch,
            practising: true,
          }
        : null,
    );
    setSip(edit?.sip_number ?? '');
    setSpec(edit?.specialization ?? '');
    setStatus(String(edit?.status ?? 1));
  }, [edit, open]);
  const submit = async () => {
    const data = {
      doctor_id: doctor?.id ?? 0,
      sip_number: sip || null,
      specialization: spec || null,
      status: Number(status) as 0 | 1,
    };
    try {
      if (edit) await upd.mutateAsync({ id: edit.id, data });
      else await add.mutateAsync(data);
      toast.success('Praktik dokter tersimpan');
      await qc.invalidateQueries({ queryKey: trpc.doctors.pathKey() });
      onClose();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{edit ? 'Ubah Praktik Dokter' : 'Tambah Dokter'}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-3">
          <FormField label="Dokter" htmlFor="practice-doctor" error={fieldErr(errors, 'doctor_id')} required>
            <Combobox<Candidate>
              id="practice-doctor"
              queryKey={['doctors', 'candidates']}
              search={async (text, signal) =>
                (
                  await api.get<{ data: Candidate[] }>('/api/service/doctor/candidates', {
                    query: { keyword: text },
                    signal,
                  })
                ).data
              }
              value={doctor}
              onChange={setDoctor}
              getKey={(d) => d.id}
              getLabel={(d) => `${d.name} (${d.home_branch})`}
              disabled={!!edit}
              placeholder="Cari akun dokter semua cabang"
            />
          </FormField>
          <FormField label="No SIP" htmlFor="practice-sip" error={fieldErr(errors, 'sip_number')}>
            <Input id="practice-sip" value={sip} onChange={(e) => setSip(e.target.value)} maxLength={60} />
          </FormField>
          <FormField label="Spesialisasi" htmlFor="practice-spec" error={fieldErr(errors, 'specialization')}>
            <Input id="practice-spec" value={spec} onChange={(e) => setSpec(e.target.value)} maxLength={100} />
          </FormField>
          <FormField label="Status" htmlFor="practice-status">
            <Select value={status} onValueChange={setStatus}>
              <SelectTrigger id="practice-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="1">Aktif</SelectItem>
                <SelectItem value="0">Tidak Aktif</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <ErrorList
            items={errors.filter((e) => !['doctor_id', 'sip_number', 'specialization'].includes(e.field ?? ''))}
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Batal
            </Button>
            <Button onClick={() => void submit()} disabled={add.isPending || upd.isPending}>
              Simpan
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ScheduleDialog({
  edit,
  open,
  doctors,
  onClose,
}: {
  edit: Schedule | null;
  open: boolean;
  doctors: Practice[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const add = useMutation({ ...trpc.doctors.addSchedule.mutationOptions(), meta: { inlineErrors: true } });
  const upd = useMutation({ ...trpc.doctors.updateSchedule.mutationOptions(), meta: { inlineErrors: true } });
  const [v, setV] = React.useState({
    doctor_id: '',
    day_of_week: '1',
    start_time: '09:00',
    end_time: '12:00',
    slot_minutes: String(DEFAULT_SLOT_MINUTES),
    capacity: String(DEFAULT_SLOT_CAPACITY),
    status: '1',
  });
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  React.useEffect(() => {
    setErrors([]);
    setV(
      edit
        ? {
            doctor_id: String(edit.doctor_id),
            day_of_week: String(edit.day_of_week),
            start_time: edit.start_time.slice(0, 5),
            end_time: edit.end_time.slice(0, 5),
            slot_minutes: String(edit.slot_minutes),
            capacity: String(edit.capacity),
            status: String(edit.status),
          }
        : {
            doctor_id: '',
            day_of_week: '1',
            start_time: '09:00',
            end_time: '12:00',
            slot_minutes: String(DEFAULT_SLOT_MINUTES),
            capacity: String(DEFAULT_SLOT_CAPACITY),
            status: '1',
          },
    );
  }, [edit, open]);
  const set = (k: keyof typeof v) => (x: string) => setV((o) => ({ ...o, [k]: x }));
  const submit = async () => {
    const data = {
      doctor_id: Number(v.doctor_id) || 0,
      day_of_week: Number(v.day_of_week),
      start_time: v.start_time,
      end_time: v.end_time,
      slot_minutes: Number(v.slot_minutes),
      capacity: Number(v.capacity),
      status: Number(v.status) as 0 | 1,
    };
    try {
      if (edit) await upd.mutateAsync({ id: edit.id, data });
      else await add.mutateAsync(data);
      toast.success('Jadwal tersimpan');
      await qc.invalidateQueries({ queryKey: trpc.doctors.pathKey() });
      onClose();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{edit ? 'Ubah Jadwal Praktik' : 'Tambah Jadwal Praktik'}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="Dokter"
            htmlFor="sch-doctor"
            error={fieldErr(errors, 'doctor_id')}
            required
            className="sm:col-span-2"
          >
            <Select value={v.doctor_id} onValueChange={set('doctor_id')} disabled={!!edit}>
              <SelectTrigger id="sch-doctor">
                <SelectValue placeholder="Pilih dokter" />
              </SelectTrigger>
              <SelectContent>
                {doctors.map((d) => (
                  <SelectItem key={d.doctor_id} value={String(d.doctor_id)}>
                    {d.doctor_name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField label="Hari" htmlFor="sch-day" error={fieldErr(errors, 'day_of_week')} required>
            <Select value={v.day_of_week} onValueChange={set('day_of_week')}>
              <SelectTrigger id="sch-day">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(DAY_OF_WEEK_LABEL).map(([k, label]) => (
                  <SelectItem key={k} value={k}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField label="Status" htmlFor="sch-status">
            <Select value={v.status} onValueChange={set('status')}>
              <SelectTrigger id="sch-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="1">Aktif</SelectItem>
                <SelectItem value="0">Tidak Aktif</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <FormField label="Jam Mulai" htmlFor="sch-start" error={fieldErr(errors, 'start_time')} required>
            <Input
              id="sch-start"
              type="time"
              value={v.start_time}
              onChange={(e) => set('start_time')(e.target.value)}
            />
          </FormField>
          <FormField label="Jam Selesai" htmlFor="sch-end" error={fieldErr(errors, 'end_time')} required>
            <Input id="sch-end" type="time" value={v.end_time} onChange={(e) => set('end_time')(e.target.value)} />
          </FormField>
          <FormField label="Durasi Slot (menit)" htmlFor="sch-slot" error={fieldErr(errors, 'slot_minutes')} required>
            <Input
              id="sch-slot"
              type="number"
              min={5}
              max={240}
              value={v.slot_minutes}
              onChange={(e) => set('slot_minutes')(e.target.value)}
            />
          </FormField>
          <FormField label="Kapasitas per Slot" htmlFor="sch-cap" error={fieldErr(errors, 'capacity')} required>
            <Input
              id="sch-cap"
              type="number"
              min={1}
              max={50}
              value={v.capacity}
              onChange={(e) => set('capacity')(e.target.value)}
            />
          </FormField>
          <div className="sm:col-span-2">
            <ErrorList
              items={errors.filter(
                (e) =>
                  !['doctor_id', 'day_of_week', 'start_time', 'end_time', 'slot_minutes', 'capacity'].includes(
                    e.field ?? '',
                  ),
              )}
            />
          </div>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button variant="outline" onClick={onClose}>
              Batal
            </Button>
            <Button onClick={() => void submit()} disabled={add.isPending || upd.isPending}>
              Simpan
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ClosedTab({ doctors }: { doctors: Practice[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const q = useQuery({ ...trpc.doctors.closed.queryOptions(), meta: { inlineErrors: true } });
  const add = useMutation({ ...trpc.doctors.addClosed.mutationOptions(), meta: { inlineErrors: true } });
  const del = useMutation(trpc.doctors.removeClosed.mutationOptions());
  const [doctor, setDoctor] = React.useState('all');
  const [date, setDate] = React.useState('');
  const [reason, setReason] = React.useState('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.doctors.pathKey() });
  const submit = async () => {
    setErrors([]);
    try {
      await add.mutateAsync({ doctor_id: doctor === 'all' ? undefined : Number(doctor), date, reason: reason || null });
      toast.success('Tanggal libur tersimpan');
      setDate('');
      setReason('');
      await refresh();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };
  type Row = NonNullable<typeof q.data>[number];
  const columns: Column<Row>[] = [
    { key: 'date', header: 'Tanggal', cell: (r) => formatDate(r.date) },
    { key: 'doctor', header: 'Dokter', cell: (r) => r.doctor_name ?? 'Seluruh klinik' },
    { key: 'reason', header: 'Alasan', cell: (r) => r.reason ?? '-' },
    {
      key: 'actions',
      header: '',
      cell: (r) => (
        <Button size="sm" variant="outline" onClick={() => void del.mutateAsync({ id: r.id }).then(refresh)}>
          Hapus
        </Button>
      ),
    },
  ];
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-4">
        <FormField label="Dokter" htmlFor="closed-doctor" error={fieldErr(errors, 'doctor_id')}>
          <Select value={doctor} onValueChange={setDoctor}>
            <SelectTrigger id="closed-doctor">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Seluruh klinik tutup</SelectItem>
              {doctors.map((d) => (
                <SelectItem key={d.doctor_id} value={String(d.doctor_id)}>
                  {d.doctor_name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label="Tanggal" htmlFor="closed-date" error={fieldErr(errors, 'date')} required>
          <DateInput id="closed-date" value={date} min={today} onChange={setDate} />
        </FormField>
        <FormField label="Alasan" htmlFor="closed-reason" error={fieldErr(errors, 'reason')}>
          <Input id="closed-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
        </FormField>
        <div className="flex items-end">
          <Button onClick={() => void submit()} disabled={add.isPending}>
            Tambah Libur
          </Button>
        </div>
      </div>
      <ErrorList items={errors.filter((e) => !['doctor_id', 'date', 'reason'].includes(e.field ?? ''))} />
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable columns={columns} rows={q.data} rowKey={(r) => r.id} loading={q.isPending} />
    </div>
  );
}

/** 'Master Dokter' (/service/master/doctor): doctors practising here, their weekly schedules and closed dates. */
export default function DoctorMasterPage() {
  const trpc = useTRPC();
  const [keyword, setKeyword] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(20);
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
      cell: (p) => (
        <Badge variant={p.status === 1 ? 'success' : 'secondary'}>{p.status === 1 ? 'Aktif' : 'Tidak Aktif'}</Badge>
      ),
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
      cell: (s) => (
        <Badge variant={s.status === 1 ? 'success' : 'secondary'}>{s.status === 1 ? 'Aktif' : 'Tidak Aktif'}</Badge>
      ),
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
                onChange={(e) => {
                  setKeyword(e.target.value);
                  setPage(1);
                }}
                placeholder="Nama atau username"
              />
            </FormField>
            <Button onClick={() => setPracticeDialog({ edit: null })}>Tambah Dokter</Button>
          </div>
          {practices.error ? <ErrorList items={errorItems(practices.error)} /> : null}
          <DataTable
            columns={pcols}
            rows={practices.data?.data}
            rowKey={(p) => p.id}
            loading={practices.isPending}
            pagination={{
              page,
              pageSize: limit,
              total: practices.data?.count ?? 0,
              onPageChange: setPage,
              onPageSizeChange: setLimit,
            }}
          />
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
