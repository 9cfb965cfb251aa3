import * as React from 'react';
import { ClipboardPlus } from 'lucide-react';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PurchaseWizard, WIZARD_STEPS } from '../components/PurchaseWizard';

/** /paket/registration: where a package sale starts; the wizard also opens from 'Daftar Paket' in the top bar. */
export default function RegistrationPage() {
  const [open, setOpen] = React.useState(false);
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-4xl gap-4">
      <PageHeader title="Registrasi Paket" description="Pembelian paket promosi oleh pasien lama atau pasien baru." />
      <Card>
        <CardContent className="grid gap-4 p-6">
          <ol className="grid gap-2 text-sm sm:grid-cols-4">
            {WIZARD_STEPS.map((s, i) => (
              <li key={s} className="rounded-md border p-3">
                <span className="text-xs text-muted-foreground">Langkah {i + 1}</span>
                <p className="font-medium">{s}</p>
              </li>
            ))}
          </ol>
          <div>
            <Button onClick={() => setOpen(true)}>
              <ClipboardPlus /> Mulai Registrasi
            </Button>
          </div>
        </CardContent>
      </Card>
      <PurchaseWizard open={open} onOpenChange={setOpen} />
    </div>
  );
}
