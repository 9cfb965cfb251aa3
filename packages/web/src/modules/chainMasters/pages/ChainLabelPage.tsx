import { chainMasterInputs } from '@klinik/shared';
import { MasterPage } from '../../masters';

/** /backoffice/master/foto-label 'Label Foto': the chain's progress-photo labels (issue 30 item 2). */
export default function ChainLabelPage() {
  return (
    <MasterPage
      config={{
        title: 'Label Foto Jaringan',
        description: 'Label foto progres yang dikelola kantor pusat dan dipakai semua cabang.',
        base: '/api/backoffice/master/foto-label',
        chain: true,
        schema: chainMasterInputs['foto-label'],
        noCode: true,
        fields: [{ key: 'name', label: 'Nama', kind: 'text', required: true }],
      }}
    />
  );
}
