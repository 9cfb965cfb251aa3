import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Save } from 'lucide-react';
import {
  canFeature,
  isMandatoryApproval,
  ROLE_LABELS,
  type ApprovalRuleDto,
  type ErrorItem,
  type RoleName,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/EmptyState';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { Switch } from '../../../components/ui/switch';

const APPROVER_ROLES: RoleName[] = [
  'manager',
  'superadmin',
  'admin',
  'dokter',
  'finance',
  'inventory',
  'multimedia',
  'perawat',
  'apoteker',
];

/** /master/approval-rule: which actions need approval in this branch, and which roles decide them. */
export default function ApprovalRulePage() {
  const trpc = useTRPC();
  const me = useSession();
  const query = useQuery({ ...trpc.approvalRules.list.queryOptions(), meta: { inlineErrors: true } });
  const canManage = canFeature(me, 'SETTING_APPROVAL', 'manage');
  // A rule change waits for a second person (issue 25): the dialog says so instead of 'saved'.
  const [saved, setSaved] = React.useState<'done' | 'pending' | null>(null);

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-4xl gap-4">
      <PageHeader
        title="Aturan Persetujuan"
        description="Aksi yang harus disetujui sebelum dijalankan di cabang ini. Pemilik (Owner) dan Pengembang (Developer) selalu dapat menyetujui; tidak ada yang menyetujui permintaannya sendiri. Perubahan aturan juga menunggu persetujuan orang kedua."
      />
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.error ? (
        <ErrorList items={errorItems(query.error)} />
      ) : query.data.length === 0 ? (
        <EmptyState />
      ) : (
        query.data.map((rule) => <RuleCard key={rule.action} rule={rule} canManage={canManage} onSaved={setSaved} />)
      )}
      <SuccessDialog
        open={saved !== null}
        onClose={() => setSaved(null)}
        title={saved === 'pending' ? 'Menunggu persetujuan' : undefined}
        description={
          saved === 'pending' ? 'Perubahan aturan dikirim dan berlaku setelah disetujui orang kedua.' : undefined
        }
      />
    </div>
  );
}

function RuleCard({
  rule,
  canManage,
  onSaved,
}: {
  rule: ApprovalRuleDto;
  canManage: boolean;
  onSaved: (outcome: 'done' | 'pending') => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [needs, setNeeds] = React.useState(rule.needs_approval);
  const [roles, setRoles] = React.useState<RoleName[]>(rule.approver_roles);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const mutation = useMutation({ ...trpc.approvalRules.update.mutationOptions(), meta: { inlineErrors: true } });
  React.useEffect(() => {
    setNeeds(rule.needs_approval);
    setRoles(rule.approver_roles);
  }, [rule]);
  const dirty =
    needs !== rule.needs_approval || roles.slice().sort().join() !== rule.approver_roles.slice().sort().join();
  const id = `rule-${rule.action.replace(/\W/g, '-')}`;
  const mandatory = isMandatoryApproval(rule.action);

  const save = async () => {
    setErrors([]);
    try {
      const out = await mutation.mutateAsync({
        action: rule.action,
        needs_approval: needs,
        approver_roles: roles as never,
      });
      await qc.invalidateQueries({ queryKey: trpc.approvalRules.pathKey() });
      onSaved(out.pending ? 'pending' : 'done');
    } catch (err) {
      setErrors(errorItems(err));
    }
  };

  return (
    <Card className="py-0" data-testid="approval-rule">
      <CardContent className="grid grid-cols-1 gap-4 p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-medium" data-action={rule.action}>
            {rule.label}
          </p>
          <div className="flex items-center gap-2">
            <Switch
              id={`${id}-needs`}
              checked={needs}
              onCheckedChange={setNeeds}
              disabled={!canManage || mandatory}
              title={mandatory ? 'Selalu perlu persetujuan orang kedua' : undefined}
            />
            <Label htmlFor={`${id}-needs`}>{mandatory ? 'Selalu perlu persetujuan' : 'Perlu persetujuan'}</Label>
          </div>
        </div>
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">Role penyetuju</p>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {APPROVER_ROLES.map((r) => (
              <div key={r} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${r}`}
                  checked={roles.includes(r)}
                  disabled={!canManage || !needs}
                  onCheckedChange={(c) => setRoles((cur) => (c === true ? [...cur, r] : cur.filter((x) => x !== r)))}
                />
                <Label htmlFor={`${id}-${r}`} className="font-normal">
                  {ROLE_LABELS[r]}
                </Label>
              </div>
            ))}
            <Badge variant="outline">Pemilik/Pengembang selalu</Badge>
          </div>
        </div>
        <ErrorList items={errors} />
        {canManage ? (
          <div className="flex justify-end">
            <Button onClick={() => void save()} disabled={!dirty || mutation.isPending}>
              {mutation.isPending ? <LoaderCircle className="animate-spin" /> : <Save />}
              Simpan
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
