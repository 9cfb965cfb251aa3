import { useQuery } from '@tanstack/react-query';
import { access, allows } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session';
import { KasirSettings } from '../components/KasirSettings';
import { SessionBar } from '../components/SessionBar';
import { VisitTab } from '../tabs/VisitTab';
import { CicilanTab } from '../tabs/CicilanTab';
import { NotaTab } from '../tabs/NotaTab';
import { ReportTab } from '../tabs/ReportTab';

/** /kasir/payment and /service/payment: the clinic cashier (bills of visits, package instalments, receipts, sessions). */
export default function KasirPage() {
  const trpc = useTRPC();
  const session = useQuery(trpc.kasir.currentSession.queryOptions());
  const canSet = allows(useSession(), access.feature('FINANCE_INCOME', 'manage'));
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Kasir Klinik" description="Tagihan kunjungan, cicilan paket, nota dan tutup kasir." />
      <SessionBar session={session.data} loading={session.isPending} />
      <Tabs defaultValue="visit">
        <TabsList className="print:hidden">
          <TabsTrigger value="visit">Tagihan Kunjungan</TabsTrigger>
          <TabsTrigger value="cicilan">Cicilan Paket</TabsTrigger>
          <TabsTrigger value="nota">Nota</TabsTrigger>
          <TabsTrigger value="report">Laporan Harian</TabsTrigger>
          {canSet ? <TabsTrigger value="setting">Pengaturan</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="visit">
          <VisitTab />
        </TabsContent>
        <TabsContent value="cicilan">
          <CicilanTab />
        </TabsContent>
        <TabsContent value="nota">
          <NotaTab />
        </TabsContent>
        <TabsContent value="report">
          <ReportTab />
        </TabsContent>
        {canSet ? (
          <TabsContent value="setting">
            <KasirSettings />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
