import { itemInput } from '@klinik/shared';
import { MasterPage } from '../components/MasterPage';

/**
 * /inventory/master/item: items (code, name, selling unit, category, selling price) with their inventory settings:
 * purchase unit and how many selling units it holds, minimum stock, batch and expiry tracking, KFA code.
 */
export default function ItemPage() {
  return (
    <MasterPage
      config={{
        title: 'Master Item',
        description: 'Item cabang ini beserta satuan, kategori, harga, stok minimum dan pelacakan batch.',
        base: '/api/master/item',
        resource: 'MASTER_ITEM',
        schema: itemInput,
        // On an item the head office keeps (issue 30 item 2) the branch sets its own minimum stock.
        branchFields: ['min_stock', 'last_purchase_price'],
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'unit', label: 'Satuan Jual', kind: 'text', required: true },
          {
            key: 'category_id',
            label: 'Kategori',
            kind: 'select',
            optionsFrom: '/api/inventory/category',
            display: 'category',
          },
          {
            key: 'generic_name',
            label: 'Zat Aktif',
            kind: 'text',
            hint: 'Nama generik, mis. Amoxicillin; beberapa dipisah koma. Dicocokkan dengan alergi pasien.',
          },
          { key: 'selling_price', label: 'Harga Jual (Rp)', kind: 'money', required: true },
          { key: 'min_stock', label: 'Stok Minimum', kind: 'number', hint: 'Dalam satuan jual.' },
          { key: 'track_batch', label: 'Lacak Batch & Kedaluwarsa', kind: 'boolean' },
          { key: 'purchase_unit', label: 'Satuan Beli', kind: 'text', formOnly: true, hint: 'Contoh: box, botol.' },
          {
            key: 'conversion',
            label: 'Isi per Satuan Beli',
            kind: 'number',
            formOnly: true,
            hint: 'Berapa satuan jual dalam satu satuan beli (1 bila sama).',
          },
          { key: 'last_purchase_price', label: 'Harga Beli Terakhir (Rp)', kind: 'money', formOnly: true },
          { key: 'kfa_code', label: 'Kode KFA (SATUSEHAT)', kind: 'text', formOnly: true },
        ],
      }}
    />
  );
}
