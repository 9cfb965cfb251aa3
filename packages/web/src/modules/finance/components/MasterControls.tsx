import type * as React from 'react';
import type { AkunDto } from '@klinik/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { statusLabel } from '../../../lib/status';

/** A finance master row's status: Aktif (1) or Tidak Aktif. */
export function ActiveBadge({ status }: { status: number }) {
  return <Badge variant={status === 1 ? 'success' : 'secondary'}>{statusLabel(status)}</Badge>;
}

/** A finance master row's actions: Ubah, then Nonaktifkan/Aktifkan (flips `status`), then any extra buttons. */
export function MasterRowActions({
  status,
  onEdit,
  onToggle,
  children,
}: {
  status: number;
  onEdit: () => void;
  onToggle: (status: 0 | 1) => void;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex justify-end gap-1">
      <Button size="sm" variant="outline" onClick={onEdit}>
        Ubah
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onToggle(status === 1 ? 0 : 1)}>
        {status === 1 ? 'Nonaktifkan' : 'Aktifkan'}
      </Button>
      {children}
    </div>
  );
}

/** A plain account dropdown ('Pilih akun') over a short, pre-filtered list; the value is the account id as a string. */
export function AccountSelect({
  id,
  value,
  onValueChange,
  accounts,
}: {
  id: string;
  value: string;
  onValueChange: (v: string) => void;
  accounts: AkunDto[];
}) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger id={id}>
        <SelectValue placeholder="Pilih akun" />
      </SelectTrigger>
      <SelectContent>
        {accounts.map((a) => (
          <SelectItem key={a.id} value={String(a.id)}>
            {a.code} {a.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
