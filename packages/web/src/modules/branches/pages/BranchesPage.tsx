import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Building2, ImageUp, Mail, MapPin, Pencil, Phone, Plus } from 'lucide-react';
import { canFeature, isTopLevel, TIME_ZONE_LABELS, type BranchDto, type BranchTimeZone } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, SESSION_KEY, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { EmptyState } from '../../../components/EmptyState';
import { ImageCropper } from '../../../components/ImageCropper';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { Switch } from '../../../components/ui/switch';
import { BranchFormDialog } from '../components/BranchFormDialog';
import { statusLabel } from '../../../lib/status';

/** The street address, then the areas from village up to province (the typed city when no regency is chosen). */
function branchAddress(b: BranchDto): string {
  const { desa, kecamatan, city, provincy } = b.area;
  return [b.address, desa, kecamatan, city || b.city, provincy].filter(Boolean).join(', ');
}

/** /backoffice/cabang: branch manager (spec 2.11): list, create (top level), edit, active toggle, logo upload. */
export default function BranchesPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const top = isTopLevel(me);
  const canManage = canFeature(me, 'SETTING_USER', 'manage');
  const query = useQuery({ ...trpc.branches.list.queryOptions({ isallbranch: 1 }), meta: { inlineErrors: true } });
  const toggle = useMutation({ ...trpc.branches.update.mutationOptions() });
  const [editing, setEditing] = React.useState<BranchDto | null | 'new'>(null);
  const [logoFor, setLogoFor] = React.useState<BranchDto | null>(null);
  const [success, setSuccess] = React.useState(false);

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: trpc.branches.pathKey() });
    await qc.invalidateQueries({ queryKey: SESSION_KEY });
  };
  const saved = () => {
    void refresh();
    setSuccess(true);
  };
  const setActive = async (b: BranchDto, on: boolean) => {
    try {
      // The whole record goes along: a partial update would let schema defaults (time zone) overwrite stored values.
      await toggle.mutateAsync({
        id: b.id,
        data: {
          name: b.name,
          address: b.address,
          city: b.city,
          phone: b.phone,
          email: b.email,
          timezone: b.timezone as BranchTimeZone,
          status: on ? 1 : 0,
        },
      });
      await refresh();
      toast.success(on ? `${b.name} diaktifkan` : `${b.name} dinonaktifkan`, { duration: TOAST_MS });
    } catch (err) {
      console.warn(errorItems(err));
    }
  };

  return (
    <div className="grid w-full grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Cabang"
        description="Data cabang klinik, status aktif dan logo."
        actions={
          top && canManage ? (
            <Button onClick={() => setEditing('new')}>
              <Plus /> Tambah Cabang
            </Button>
          ) : null
        }
      />
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      {query.isPending ? (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      ) : (query.data ?? []).length === 0 ? (
        <EmptyState />
      ) : (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" data-testid="branch-list">
          {(query.data ?? []).map((b) => (
            <Card key={b.id} className="min-w-0 py-0" data-testid="branch-card">
              <CardContent className="grid grid-cols-1 gap-3 p-4">
                <div className="flex items-start gap-3">
                  <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
                    {b.logourl ? (
                      <img src={b.logourl} alt={`Logo ${b.name}`} className="size-full object-contain" />
                    ) : (
                      <Building2 className="size-7 text-muted-foreground" aria-hidden />
                    )}
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 font-semibold break-words" title={b.name}>
                      {b.name}
                    </p>
                    {b.city ? <p className="truncate text-sm text-muted-foreground">{b.city}</p> : null}
                    <div className="mt-1 flex flex-wrap gap-1.5">
                      <Badge variant={b.status === 0 ? 'warning' : 'success'}>{statusLabel(b.status)}</Badge>
                      <Badge variant="outline">{TIME_ZONE_LABELS[b.timezone as BranchTimeZone] ?? b.timezone}</Badge>
                      {b.id === me.profile_id ? <Badge variant="secondary">Cabang saat ini</Badge> : null}
                    </div>
                  </div>
                </div>
                <ul className="grid gap-1 text-sm text-muted-foreground">
                  <li className="flex gap-2">
                    <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span className="min-w-0 break-words" data-testid="branch-address">
                      {branchAddress(b) || '-'}
                    </span>
                  </li>
                  <li className="flex gap-2">
                    <Phone className="mt-0.5 size-4 shrink-0" aria-hidden /> {b.phone || '-'}
                  </li>
                  <li className="flex gap-2">
                    <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />{' '}
                    <span className="truncate">{b.email || '-'}</span>
                  </li>
                </ul>
                {canManage ? (
                  <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
                    <label className="flex items-center gap-2 text-sm">
                      <Switch
                        checked={b.status !== 0}
                        onCheckedChange={(on) => void setActive(b, on)}
                        disabled={toggle.isPending}
                        aria-label={`Aktif ${b.name}`}
                      />
                      Aktif
                    </label>
                    <div className="flex gap-1">
                      <Button size="sm" variant="outline" onClick={() => setLogoFor(b)}>
                        <ImageUp /> Logo
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setEditing(b)}>
                        <Pencil /> Edit
                      </Button>
                    </div>
                  </div>
                ) : null}
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      {canManage ? (
        <BranchFormDialog
          branch={editing === 'new' ? null : editing}
          open={editing !== null}
          onOpenChange={(o) => (o ? undefined : setEditing(null))}
          onSaved={saved}
        />
      ) : null}
      {logoFor ? (
        <ImageCropper
          open={!!logoFor}
          onOpenChange={(o) => (o ? undefined : setLogoFor(null))}
          kind="logo"
          title={`Logo ${logoFor.name}`}
          uploadUrl={`/api/profile/uploadavatar/${logoFor.id}`}
          onUploaded={saved}
        />
      ) : null}
      <SuccessDialog open={success} onClose={() => setSuccess(false)} />
    </div>
  );
}
