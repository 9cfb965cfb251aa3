import { categoryInput } from '@klinik/shared';
import { MasterPage } from '../../masters';

/** /inventory/master/category: item categories of the branch. */
export default function CategoryPage() {
  return (
    <MasterPage
      config={{
        title: 'Kategori Item',
        description: 'Kategori untuk mengelompokkan item (obat, skincare, BHP).',
        base: '/api/inventory/category',
        resource: 'MASTER_ITEM_CATEGORY',
        schema: categoryInput,
        noCode: true,
        fields: [
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'description', label: 'Keterangan', kind: 'text' },
          { key: 'items', label: 'Jumlah Item', kind: 'number', listOnly: true },
        ],
      }}
    />
  );
}
