import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Check, ExternalLink, LoaderCircle, X } from 'lucide-react';
import { formatDateTime, ROLE_LABELS, type ApplogDto, type ErrorItem, type RoleName } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { cn } from '../../../lib/utils';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { ApplogStatusBadge } from './ApplogStatusBadge';

const roleList = (roles: string[]) =>
  roles.map((r) => (r === 'toplevel' ? 'Owner/Developer' : (ROLE_LABELS[r as RoleName] ?? r))).join(', ');

/**
 * One activity entry. A request waiting for the signed-in user's decision offers Setujui/Tolak; choosing one
 * reveals the reason box (spec 5). Decided entries are read-only. Server errors (a second decision: 409) show inline.
 */
export function ApplogItem({ item, onNavigate }: { item: ApplogDto; onNavigate?: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [decision, setDecision] = React.useState<1 | -1 | null>(null);
  const [reason, setReason] = React.useState('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const mutation = useMutation({ ...trpc.applog.decide.mutationOptions(), meta: { inlineErrors: true } });
  const reasonId = React.useId();
  const open = item.status === 0 && item.can_decide;
  const needsReason = decision === -1 && reason.trim() === '';

  const send = async () => {
    if (decision === null) return;
    setErrors([]);
    try {
      await mutation.mutateAsync({ id: item.id, data: { status: decision, reason: reason.trim() || undefined } });
      setDecision(null);
      setReason('');
      await qc.invalidateQueries({ queryKey: trpc.applog.pathKey() });
      await qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
    } catch (err) {
      setErrors(errorItems(err));
    }
  };

  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 text-sm" data-testid="applog-item" data-applog-id={item.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words" data-testid="applog-message">
            {item.message}
          </p>
          <p className="text-xs text-muted-foreground">
            {item.userdata.name} · {formatDateTime(item.logtime)}
          </p>
        </div>
        <ApplogStatusBadge item={item} />
      </div>
      {item.note ? (
        <p className="rounded bg-muted px-2 py-1 text-xs break-words whitespace-pre-line">{item.note}</p>
      ) : null}
      {item.status === 0 && item.assignby.length > 0 ? (
        <p className="text-xs text-muted-foreground">Menunggu keputusan: {roleList(item.assignby)}</p>
      ) : null}
      {item.status !== null && item.status !== 0 ? (
        <p className="text-xs text-muted-foreground">
          {item.status === 1 ? 'Disetujui' : 'Ditolak'}
          {item.decidedby ? ` oleh ${item.decidedby.name}` : ''}
          {item.decided_at ? ` · ${formatDateTime(item.decided_at)}` : ''}
          {item.reason ? (
            <>
              {' · '}Alasan: <span className="text-foreground">{item.reason}</span>
            </>
          ) : null}
        </p>
      ) : null}
      {item.url ? (
        <Link
          to={item.url}
          onClick={onNavigate}
          className="inline-flex w-fit items-center gap-1 text-xs text-primary hover:underline"
        >
          <ExternalLink className="size-3" /> Lihat data
        </Link>
      ) : null}

      {open ? (
        <div className="grid gap-2 border-t pt-2">
          <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Keputusan">
            <Button
              size="sm"
              variant={decision === 1 ? 'default' : 'outline'}
              role="radio"
              aria-checked={decision === 1}
              onClick={() => setDecision(1)}
              className={cn(decision === 1 && 'bg-success text-success-foreground hover:bg-success/90')}
            >
              <Check /> Setujui
            </Button>
            <Button
              size="sm"
              variant={decision === -1 ? 'destructive' : 'outline'}
              role="radio"
              aria-checked={decision === -1}
              onClick={() => setDecision(-1)}
            >
              <X /> Tolak
            </Button>
          </div>
          {decision !== null ? (
            <div className="grid gap-1.5">
              <Label htmlFor={reasonId}>
                Alasan{decision === -1 ? <span className="text-destructive">*</span> : ' (opsional)'}
              </Label>
              <Textarea
                id={reasonId}
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder={decision === -1 ? 'Tuliskan alasan penolakan' : 'Catatan persetujuan'}
              />
              <div className="flex justify-end gap-2">
                <Button size="sm" variant="ghost" onClick={() => setDecision(null)} disabled={mutation.isPending}>
                  Batal
                </Button>
                <Button size="sm" onClick={() => void send()} disabled={needsReason || mutation.isPending}>
                  {mutation.isPending ? <LoaderCircle className="animate-spin" /> : null}
                  Kirim Keputusan
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      <ErrorList items={errors} />
    </li>
  );
}
