import { chainMasterInputs } from '@klinik/shared';
import { MasterPage } from '../../masters';

/** /backoffice/master/item_category: the chain's item categories (issue 30 item 2). */
export default function ChainCategoryPage() {
  return (
    <MasterPage
      config={{
        title: 'Kategori Item Jaringan',
        description: 'Kategori item yang dikelola kantor pusat dan dipakai semua cabang.',
        base: '/api/backoffice/master/item_category',
        chain: true,
        schema: chainMasterInputs.item_category,
        noCode: true,
        fields: [
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'description', label: 'Keterangan', kind: 'text' },
        ],
      }}
    />
  );
}
