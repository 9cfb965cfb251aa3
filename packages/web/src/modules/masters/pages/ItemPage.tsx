import { MasterPage } from '../components/MasterPage';

/** /inventory/master/item: items (code, name, unit, category, selling price). */
export default function ItemPage() {
  return (
    <MasterPage
      config={{
        title: 'Master Item',
        description: 'Item cabang ini beserta satuan, kategori dan harga jual.',
        base: '/api/master/item',
        resource: 'MASTER_ITEM',
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'unit', label: 'Satuan', kind: 'text', required: true },
          { key: 'category', label: 'Kategori', kind: 'text' },
          { key: 'selling_price', label: 'Harga Jual (Rp)', kind: 'money', required: true },
        ],
      }}
    />
  );
}
