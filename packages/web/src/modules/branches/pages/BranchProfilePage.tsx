import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Pencil } from 'lucide-react';
import { canFeature, TIME_ZONE_LABELS, type BranchTimeZone } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, SESSION_KEY, useTRPC } from '../../../lib/trpc';
import { ImageCropper } from '../../../components/ImageCropper';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { statusLabel } from '../../../lib/status';
import { BranchFormDialog } from '../components/BranchFormDialog';

/**
 * Admin panel /profile 'Profil Cabang' (spec 2.10, issue 30 item 6): the current branch's profile, edited with the
 * branch manager's form and logo cropper (what the branches module allows: SETTING_USER manage, own branch).
 */
export default function BranchProfilePage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const canManage = canFeature(me, 'SETTING_USER', 'manage');
  const query = useQuery({ ...trpc.branches.get.queryOptions({ id: me.profile.id }), meta: { inlineErrors: true } });
  const [editing, setEditing] = React.useState(false);
  const [logo, setLogo] = React.useState(false);
  const [success, setSuccess] = React.useState(false);
  const saved = () => {
    void qc.invalidateQueries({ queryKey: trpc.branches.pathKey() });
    void qc.invalidateQueries({ queryKey: SESSION_KEY });
    setSuccess(true);
  };
  const b = query.data;
  const rows: [string, React.ReactNode][] = b
    ? [
        ['Alamat', b.address ?? '-'],
        ['Kota', b.city ?? '-'],
        ['Telepon', b.phone ?? '-'],
        ['Email', b.email ?? '-'],
        ['Zona Waktu', TIME_ZONE_LABELS[b.timezone as BranchTimeZone] ?? b.timezone],
        ['Status', <Badge variant={b.status === 1 ? 'success' : 'warning'}>{statusLabel(b.status)}</Badge>],
      ]
    : [];
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Profil Cabang"
        description="Profil cabang yang sedang aktif."
        actions={
          canManage && b ? (
            <>
              <Button variant="outline" onClick={() => setLogo(true)}>
                <ImageUp /> Logo
              </Button>
              <Button onClick={() => setEditing(true)}>
                <Pencil /> Edit
              </Button>
            </>
          ) : null
        }
      />
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      {b ? (
        <Card>
          <CardContent className="grid gap-4 p-4">
            <div className="flex items-center gap-3">
              {b.logourl ? <img src={b.logourl} alt="" className="size-14 rounded-md border object-contain" /> : null}
              <h2 className="text-xl font-semibold" data-testid="branch-profile-name">
                {b.name}
              </h2>
            </div>
            <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
              {rows.map(([k, v]) => (
                <React.Fragment key={k}>
                  <dt className="text-muted-foreground">{k}</dt>
                  <dd>{v}</dd>
                </React.Fragment>
              ))}
            </dl>
          </CardContent>
        </Card>
      ) : null}
      {canManage && b ? (
        <>
          <BranchFormDialog branch={b} open={editing} onOpenChange={setEditing} onSaved={saved} />
          {logo ? (
            <ImageCropper
              open={logo}
              onOpenChange={setLogo}
              kind="logo"
              title={`Logo ${b.name}`}
              uploadUrl={`/api/profile/uploadavatar/${b.id}`}
              onUploaded={saved}
            />
          ) : null}
        </>
      ) : null}
      <SuccessDialog open={success} onClose={() => setSuccess(false)} />
    </div>
  );
}
