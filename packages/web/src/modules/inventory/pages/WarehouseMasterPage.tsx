import { WAREHOUSE_KIND_LABELS, WAREHOUSE_KINDS, warehouseInput } from '@klinik/shared';
import { MasterPage } from '../../masters';

/** /inventory/master/warehouse: the branch's warehouses (gudang utama, apotek, ruang tindakan). */
export default function WarehouseMasterPage() {
  return (
    <MasterPage
      config={{
        title: 'Master Gudang',
        description: 'Gudang cabang ini. Satu Apotek aktif (resep dan penjualan) dan satu Ruang Tindakan aktif (BHP).',
        base: '/api/inventory/warehouse',
        resource: 'MASTER_ITEM',
        schema: warehouseInput,
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          {
            key: 'kind',
            label: 'Jenis',
            kind: 'select',
            required: true,
            options: WAREHOUSE_KINDS.map((k) => ({ value: k, label: WAREHOUSE_KIND_LABELS[k] })),
          },
        ],
      }}
    />
  );
}
