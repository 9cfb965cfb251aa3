import type { ComponentType } from 'react';
import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/**
 * The record lists of issue 12 across patients (date, doctor, patient filters, Excel): the branch's at
 * /rekammedis/{kind}, every branch's for top-level users at /backoffice/rekammedis/{kind}.
 */
/** The same list page over every branch (its `backoffice` form). */
const allBranches = (Page: ComponentType<{ backoffice?: boolean }>) => ({
  default: function AllBranches() {
    return <Page backoffice />;
  },
});

export const pages: ModulePages = {
  '/rekammedis/soap': lazyPage(() => import('./pages/SoapListPage')),
  '/rekammedis/treatment': lazyPage(() => import('./pages/TreatmentListPage')),
  '/rekammedis/produk': lazyPage(() => import('./pages/ProdukListPage')),
  '/rekammedis/resep': lazyPage(() => import('./pages/ResepListPage')),
  '/rekammedis/foto': lazyPage(() => import('./pages/FotoListPage')),
  '/backoffice/rekammedis/treatment': lazyPage(() =>
    import('./pages/TreatmentListPage').then((m) => allBranches(m.default)),
  ),
  '/backoffice/rekammedis/produk': lazyPage(() => import('./pages/ProdukListPage').then((m) => allBranches(m.default))),
  '/backoffice/rekammedis/resep': lazyPage(() => import('./pages/ResepListPage').then((m) => allBranches(m.default))),
  '/backoffice/rekammedis/foto': lazyPage(() => import('./pages/FotoListPage').then((m) => allBranches(m.default))),
};
