import * as React from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { TransferDetailDialog } from '../components/TransferDetailDialog';
import { TransferList } from '../components/TransferList';

/** /backoffice/inventory/mutation: every branch's transfers for top-level users (read only; receiving is the branch's). */
export default function BackofficeMutationPage() {
  const [opened, setOpened] = React.useState<number | null>(null);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader title="Mutasi Stok" description="Mutasi stok semua cabang." />
      <TransferList allBranches onOpen={(t) => setOpened(t.id)} />
      <TransferDetailDialog id={opened} readOnly onOpenChange={(o) => !o && setOpened(null)} />
    </div>
  );
}
