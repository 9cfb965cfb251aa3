import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import {
  defaultPrivileges,
  RESOURCES,
  roleNameOf,
  type ErrorItem,
  type Privilege,
  type Resource,
  type UserDto,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';

/** What each feature code covers, for the people ticking the boxes. */
export const RESOURCE_LABELS: Record<Resource, string> = {
  PASIEN: 'Data pasien',
  PRICELIST: 'Daftar harga',
  SETTING_USER: 'Pengaturan pengguna & cabang',
  SETTING_APPROVAL: 'Aturan persetujuan',
  FINANCE_LAPORAN: 'Laporan keuangan',
  FINANCE_INCOME: 'Pendapatan',
  FINANCE_HUTANG: 'Hutang',
  FINANCE_SHARING: 'Sharing profit',
  LAYANAN_RESERVASI: 'Reservasi',
  LAYANAN_KUNJUNGAN: 'Kunjungan',
  LAYANAN_PAKET: 'Paket pasien',
  LAYANAN_MEMBERSHIP: 'Membership',
  KASIR_UMUM: 'Kasir umum',
  KASIR_KLINIK: 'Kasir klinik',
  STOCK_ITEM: 'Stok item',
  STOCK_BELANJA: 'Belanja stok',
  STOCK_MUTASI: 'Mutasi stok',
  RM_DOKUMEN: 'Rekam medis: dokumen',
  RM_TREATMENT: 'Rekam medis: tindakan',
  RM_RESEP: 'Rekam medis: resep',
  RM_PRODUK: 'Rekam medis: produk',
  RM_BHP: 'Rekam medis: BHP',
  RM_FOTOPROGRES: 'Rekam medis: foto progres',
  RM_PERBAIKAN: 'Rekam medis: perbaikan (koreksi)',
  MASTER_ITEM: 'Master item',
  MASTER_ITEM_CATEGORY: 'Master kategori item',
  MASTER_SUPPLIER: 'Master supplier',
  MASTER_TREATMENT: 'Master perawatan',
  MASTER_PAKET: 'Master paket',
  MASTER_PROMO: 'Master promo',
  MASTER_LABEL_FOTOPROGRES: 'Master label foto progres',
  MASTER_PAYMENTMETHOD: 'Master metode pembayaran',
  MASTER_LAVEL_MEMBERSHIP: 'Master level membership',
};

type Grid = Record<Resource, { read: boolean; manage: boolean }>;

function toGrid(list: Privilege[]): Grid {
  const g = {} as Grid;
  for (const r of RESOURCES) {
    const p = list.find((x) => x.fiturcode === r);
    g[r] = { read: !!p && (p.iscanread || p.iscanmanage), manage: !!p?.iscanmanage };
  }
  return g;
}

/** Feature privileges of one account on one screen: resource x read/manage; manage implies read. */
export function PrivilegesDialog({
  user,
  open,
  onOpenChange,
  onSaved,
  readOnly,
}: {
  user: UserDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** `pendingMessage` is set when the change waits for approval. */
  onSaved: (pendingMessage?: string) => void;
  readOnly?: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const query = useQuery({
    ...trpc.users.getPrivileges.queryOptions({ id: user.id }),
    enabled: open,
    meta: { inlineErrors: true },
  });
  const mutation = useMutation({ ...trpc.users.setPrivileges.mutationOptions(), meta: { inlineErrors: true } });
  const [grid, setGrid] = React.useState<Grid | null>(null);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);

  React.useEffect(() => {
    if (open && query.data) setGrid(toGrid(query.data));
    if (!open) {
      setGrid(null);
      setErrors([]);
    }
  }, [open, query.data]);

  const set = (r: Resource, what: 'read' | 'manage', on: boolean) =>
    setGrid((g) => {
      if (!g) return g;
      const cur = g[r];
      const next =
        what === 'manage' ? { manage: on, read: on ? true : cur.read } : { read: on, manage: on ? cur.manage : false };
      return { ...g, [r]: next };
    });

  const role = roleNameOf(user.role);
  const save = async () => {
    if (!grid) return;
    setErrors([]);
    try {
      const out = await mutation.mutateAsync({
        id: user.id,
        previleges: RESOURCES.filter((r) => grid[r].read || grid[r].manage).map((r) => ({
          fiturcode: r,
          iscanread: grid[r].read || grid[r].manage,
          iscanmanage: grid[r].manage,
        })),
      });
      await qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
      onOpenChange(false);
      onSaved(out.pending ? out.message : undefined);
    } catch (err) {
      setErrors(errorItems(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-2xl" data-testid="privileges-dialog">
        <DialogHeader>
          <DialogTitle>Hak Akses</DialogTitle>
          <DialogDescription>
            {user.name} ({user.username}). &quot;Kelola&quot; sudah termasuk &quot;Lihat&quot;.
          </DialogDescription>
        </DialogHeader>
        {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
        {!grid ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <div className="max-h-[55dvh] overflow-y-auto rounded-md border">
            <Table>
              <TableHeader className="sticky top-0 bg-card">
                <TableRow>
                  <TableHead>Fitur</TableHead>
                  <TableHead className="w-20 text-center">Lihat</TableHead>
                  <TableHead className="w-20 text-center">Kelola</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {RESOURCES.map((r) => (
                  <TableRow key={r} data-resource={r}>
                    <TableCell>
                      <div className="font-medium">{RESOURCE_LABELS[r]}</div>
                      <div className="text-xs text-muted-foreground">{r}</div>
                    </TableCell>
                    <TableCell className="text-center">
                      <Checkbox
                        checked={grid[r].read}
                        disabled={readOnly || grid[r].manage}
                        onCheckedChange={(c) => set(r, 'read', c === true)}
                        aria-label={`Lihat ${RESOURCE_LABELS[r]}`}
                      />
                    </TableCell>
                    <TableCell className="text-center">
                      <Checkbox
                        checked={grid[r].manage}
                        disabled={readOnly}
                        onCheckedChange={(c) => set(r, 'manage', c === true)}
                        aria-label={`Kelola ${RESOURCE_LABELS[r]}`}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <ErrorList items={errors} />
        <DialogFooter className="sm:justify-between">
          {!readOnly && role ? (
            <Button variant="ghost" onClick={() => setGrid(toGrid(defaultPrivileges(role)))} disabled={!grid}>
              <RotateCcw /> Bawaan role
            </Button>
          ) : (
            <span />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              {readOnly ? 'Tutup' : 'Batal'}
            </Button>
            {!readOnly ? (
              <Button onClick={() => void save()} disabled={!grid || mutation.isPending}>
                {mutation.isPending ? <LoaderCircle className="animate-spin" /> : null}
                Simpan
              </Button>
            ) : null}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
