import { chainMasterInputs, PAKET_TYPE_KINDS } from '@klinik/shared';
import { MasterPage } from '../../masters';

/**
 * /backoffice/master/promo 'Promo': the chain's package types (issue 30 item 2), with their sale window and season.
 * A branch's copy keeps the season only where the season runs.
 */
export default function ChainPromoPage() {
  return (
    <MasterPage
      config={{
        title: 'Jenis Paket Jaringan',
        description:
          'Jenis paket (masa jual dan Musim Promo) yang dikelola kantor pusat untuk semua cabang. Musim promo hanya berlaku di cabang yang ikut musim itu.',
        base: '/api/backoffice/master/promo',
        chain: true,
        schema: chainMasterInputs.promo,
        noCode: true,
        fields: [
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          {
            key: 'type',
            label: 'Jenis',
            kind: 'select',
            required: true,
            options: Object.entries(PAKET_TYPE_KINDS).map(([value, label]) => ({ value, label })),
          },
          { key: 'start_at', label: 'Mulai', kind: 'date', required: true },
          { key: 'end_at', label: 'Berakhir', kind: 'date' },
          { key: 'season_id', label: 'Musim Promo', kind: 'select', optionsFrom: '/api/season', formOnly: true },
        ],
      }}
    />
  );
}
