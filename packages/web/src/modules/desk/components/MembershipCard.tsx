import { useQuery } from '@tanstack/react-query';
import { formatDate, formatRupiah, MEMBERSHIP_STATUS, type MembershipDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';

/**
 * One package of a patient: slots used and left with their expiry, instalments paid and left (the paket module's
 * registration detail, GET /api/paket/membership/{id}).
 */
export function MembershipCard({ membership, today }: { membership: MembershipDto; today: string }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.paket.membership.queryOptions({ id: membership.id }), meta: { inlineErrors: true } });
  const m = q.data;
  const cicilan = m?.cicilan ?? [];
  const paidCount = cicilan.filter((c) => c.status === 1).length;
  return (
    <Card data-testid={`paket-pasien-${membership.id}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="text-base">
            {membership.paketdata.name} <span className="text-sm text-muted-foreground">{membership.code}</span>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {membership.paketdata.typename} · terdaftar {formatDate(membership.registered_at)} · dokter{' '}
            {membership.doctordata.name}
          </p>
        </div>
        <Badge variant={membership.status === 1 ? 'default' : membership.status === 2 ? 'success' : 'secondary'}>
          {MEMBERSHIP_STATUS[membership.status as keyof typeof MEMBERSHIP_STATUS] ?? membership.status}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="grid gap-1 sm:grid-cols-3">
          <p>Harga: {formatRupiah(membership.price)}</p>
          <p>Terbayar: {formatRupiah(membership.paid_amount)}</p>
          <p>Sisa: {formatRupiah(membership.outstanding_amount)}</p>
        </div>
        {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
        {!m ? (
          <Skeleton className="h-24" />
        ) : (
          <>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Perawatan / Item</TableHead>
                  <TableHead className="text-right">Slot</TableHead>
                  <TableHead className="text-right">Terpakai</TableHead>
                  <TableHead className="text-right">Sisa</TableHead>
                  <TableHead>Berlaku s.d.</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(m.slots ?? []).map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>
                      {s.name} <span className="text-xs text-muted-foreground">{s.typename}</span>
                    </TableCell>
                    <TableCell className="text-right">{s.free_slot}</TableCell>
                    <TableCell className="text-right">{s.used_slot}</TableCell>
                    <TableCell className="text-right font-medium">{s.left_slot}</TableCell>
                    <TableCell>
                      {formatDate(s.expired_at)}{' '}
                      {s.expired_at < today ? <Badge variant="destructive">Kedaluwarsa</Badge> : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {cicilan.length ? (
              <div className="grid gap-1">
                <p className="font-medium">
                  Cicilan: {paidCount} dari {cicilan.length} dibayar, {cicilan.length - paidCount} tersisa
                </p>
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Pembayaran</TableHead>
                      <TableHead>Jatuh Tempo</TableHead>
                      <TableHead className="text-right">Jumlah</TableHead>
                      <TableHead className="text-right">Dibayar</TableHead>
                      <TableHead>Status</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {cicilan.map((c) => (
                      <TableRow key={c.id}>
                        <TableCell>{c.label}</TableCell>
                        <TableCell>{formatDate(c.due_date)}</TableCell>
                        <TableCell className="text-right">{formatRupiah(c.amount)}</TableCell>
                        <TableCell className="text-right">{formatRupiah(c.paid_amount)}</TableCell>
                        <TableCell>
                          {c.status === 1 ? (
                            <Badge variant="success">Lunas</Badge>
                          ) : (
                            <Badge variant={c.due_date < today ? 'destructive' : 'warning'}>Belum dibayar</Badge>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A patient's packages (all statuses), newest first. */
export function PatientPackages({ customerId, today }: { customerId: number; today: string }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.paket.memberships.queryOptions({ customer: customerId, page: 1, limit: 100 }),
    meta: { inlineErrors: true },
  });
  if (q.error) return <ErrorList items={errorItems(q.error)} />;
  if (!q.data) return <Skeleton className="h-32" />;
  if (q.data.data.length === 0) return <p className="text-sm text-muted-foreground">Pasien belum memiliki paket.</p>;
  return (
    <div className="grid gap-3">
      {q.data.data.map((m) => (
        <MembershipCard key={m.id} membership={m} today={today} />
      ))}
    </div>
  );
}
