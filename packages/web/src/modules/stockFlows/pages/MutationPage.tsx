import * as React from 'react';
import { Navigate } from 'react-router';
import { canFeature, type TransferDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { SendTransferDialog } from '../components/SendTransferDialog';
import { StockCountPanel } from '../components/StockCountPanel';
import { TransferDetailDialog } from '../components/TransferDetailDialog';
import { TransferList } from '../components/TransferList';

/** /inventory/mutation 'Mutasi Stok': transfers in two steps (send, receive) and stock counts (stok opname). */
export default function MutationPage() {
  const me = useSession();
  const [sending, setSending] = React.useState(false);
  const [opened, setOpened] = React.useState<number | null>(null);
  if (!canFeature(me, 'STOCK_MUTASI', 'read')) return <Navigate to="/" replace />;
  const canSend = canFeature(me, 'STOCK_MUTASI', 'manage');
  const canCount = canFeature(me, 'STOCK_ITEM', 'read');
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader
        title="Mutasi Stok"
        description="Kirim barang antar gudang atau ke cabang lain; cabang penerima mengonfirmasi jumlah yang tiba."
        actions={canSend ? <Button onClick={() => setSending(true)}>Kirim Mutasi</Button> : null}
      />
      <Tabs defaultValue="mutasi">
        <TabsList className="print:hidden">
          <TabsTrigger value="mutasi">Mutasi</TabsTrigger>
          {canCount ? <TabsTrigger value="opname">Stok Opname</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="mutasi">
          <TransferList onOpen={(t: TransferDto) => setOpened(t.id)} />
        </TabsContent>
        {canCount ? (
          <TabsContent value="opname">
            <StockCountPanel />
          </TabsContent>
        ) : null}
      </Tabs>
      <SendTransferDialog open={sending} onOpenChange={setSending} />
      <TransferDetailDialog id={opened} onOpenChange={(o) => !o && setOpened(null)} />
    </div>
  );
}
