import { formLabInput } from '@klinik/shared';
import { MasterPage } from '../components/MasterPage';

/**
 * /service/master/laboratorium: laboratory forms (code, name, price) and, for a form examined outside the clinic, the
 * laboratory or hospital it is sent to (picked from the outside-party master) and what it charges (a paid bill owes it: payables on 2105, issue 28 item 6).
 */
export default function LaboratoriumPage() {
  return (
    <MasterPage
      config={{
        title: 'Laboratorium',
        description: 'Form laboratorium cabang ini beserta harganya.',
        base: '/api/master/laboratorium',
        resource: 'MASTER_TREATMENT',
        schema: formLabInput,
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'price', label: 'Harga (Rp)', kind: 'money', required: true },
          {
            key: 'partner_id',
            label: 'Dikirim ke',
            kind: 'select',
            // Outside laboratories and hospitals of the branch (the outside-party master, /finance/master/investor).
            optionsFrom: '/api/master/mitralab',
            display: 'partner_name',
            hint: "Laboratorium/rumah sakit luar dari master 'Investor & Rumah Sakit' (Finance). Kosongkan bila diperiksa di klinik sendiri.",
          },
          { key: 'partner_cost', label: 'Biaya Mitra per Form (Rp)', kind: 'money', formOnly: true },
        ],
      }}
    />
  );
}
