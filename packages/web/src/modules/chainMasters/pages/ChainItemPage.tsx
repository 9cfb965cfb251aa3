import { chainMasterInputs } from '@klinik/shared';
import { MasterPage } from '../../masters';

/**
 * /backoffice/master/item: the chain's items (issue 30 item 2). Each branch gets its own row of the item (its
 * stock); the minimum stock set here is only a new branch row's starting value, each branch then sets its own.
 */
export default function ChainItemPage() {
  return (
    <MasterPage
      config={{
        title: 'Master Item Jaringan',
        description:
          'Item yang dikelola kantor pusat dan dipakai semua cabang. Stok dan stok minimum tetap milik tiap cabang.',
        base: '/api/backoffice/master/item',
        chain: true,
        schema: chainMasterInputs.item,
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'unit', label: 'Satuan Jual', kind: 'text', required: true },
          {
            key: 'category_id',
            label: 'Kategori',
            kind: 'select',
            optionsFrom: '/api/backoffice/master/item_category',
            display: 'category',
          },
          { key: 'generic_name', label: 'Zat Aktif', kind: 'text', hint: 'Nama generik; beberapa dipisah koma.' },
          { key: 'selling_price', label: 'Harga Jual (Rp)', kind: 'money', required: true },
          {
            key: 'min_stock',
            label: 'Stok Minimum Awal',
            kind: 'number',
            formOnly: true,
            hint: 'Untuk cabang yang baru mendapat item ini; tiap cabang mengatur stok minimumnya sendiri.',
          },
          { key: 'track_batch', label: 'Lacak Batch & Kedaluwarsa', kind: 'boolean' },
          { key: 'purchase_unit', label: 'Satuan Beli', kind: 'text', formOnly: true },
          { key: 'conversion', label: 'Isi per Satuan Beli', kind: 'number', formOnly: true },
          { key: 'kfa_code', label: 'Kode KFA (SATUSEHAT)', kind: 'text', formOnly: true },
        ],
      }}
    />
  );
}
