import { formatRupiah, type IncomeReportDto } from '@klinik/shared';

/** The ledger's revenue accounts for the same range and branches, and what the documents do not explain. */
export function LedgerCheck({ report, filtered }: { report: IncomeReportDto; filtered: boolean }) {
  const { ledger } = report;
  return (
    <section className="rounded-lg border bg-card p-3 text-sm" data-testid="income-ledger">
      <h2 className="mb-2 font-semibold">Akun pendapatan di buku besar</h2>
      {filtered ? (
        <p className="mb-2 text-muted-foreground">
          Buku besar tidak memakai filter dokter dan pencarian: bandingkan tanpa filter tersebut.
        </p>
      ) : null}
      {ledger.accounts.length === 0 ? (
        <p className="text-muted-foreground">Tidak ada mutasi akun pendapatan pada rentang ini.</p>
      ) : (
        <ul className="grid gap-1">
          {ledger.accounts.map((a) => (
            <li key={a.akun_id} className="flex justify-between gap-2">
              <span>
                <span className="font-mono text-xs">{a.code}</span> {a.name}
              </span>
              <span className="tabular-nums">{formatRupiah(a.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex justify-between gap-2 border-t pt-2 font-semibold">
        <span>Total pendapatan buku besar</span>
        <span className="tabular-nums" data-testid="income-ledger-total">
          {formatRupiah(ledger.total)}
        </span>
      </div>
      <p className="mt-1 text-muted-foreground">
        {ledger.other === 0
          ? 'Seluruh pendapatan buku besar berasal dari dokumen kasir dan paket.'
          : `Jurnal lain (di luar dokumen kasir dan paket): ${formatRupiah(ledger.other)}`}
      </p>
    </section>
  );
}
