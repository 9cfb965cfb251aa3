import { Suspense } from 'react';
import { MSG, PRODUCT_NAME } from '@klinik/shared';
import { ModuleLayout } from './ModuleLayout';
import { PAKET_NAV } from './nav';
import { SLOTS } from './slots';

export default function PaketLayout() {
  const Actions = SLOTS.paketActions;
  return (
    <ModuleLayout
      name="paket"
      title="Paket Promosi"
      nav={PAKET_NAV}
      logoutText={MSG.logoutConfirm(PRODUCT_NAME)}
      actions={
        Actions ? (
          <Suspense fallback={null}>
            <Actions />
          </Suspense>
        ) : null
      }
    />
  );
}
