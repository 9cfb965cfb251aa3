import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

/**
 * The record lists of issue 12 across patients (date, doctor, patient filters, Excel): the branch's at
 * /rekammedis/{kind}, every branch's for top-level users at /backoffice/rekammedis/{kind}.
 */
export const pages: ModulePages = {
  '/rekammedis/soap': lazyPage(() => import('./pages/SoapListPage')),
  '/rekammedis/treatment': lazyPage(() => import('./pages/TreatmentListPage')),
  '/rekammedis/produk': lazyPage(() => import('./pages/ProdukListPage')),
  '/rekammedis/resep': lazyPage(() => import('./pages/ResepListPage')),
  '/rekammedis/foto': lazyPage(() => import('./pages/FotoListPage')),
  '/backoffice/rekammedis/treatment': lazyPage(() => import('./pages/BackofficeTreatmentListPage')),
  '/backoffice/rekammedis/produk': lazyPage(() => import('./pages/BackofficeProdukListPage')),
  '/backoffice/rekammedis/resep': lazyPage(() => import('./pages/BackofficeResepListPage')),
  '/backoffice/rekammedis/foto': lazyPage(() => import('./pages/BackofficeFotoListPage')),
};
