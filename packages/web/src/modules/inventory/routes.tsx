import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/inventory/master/category': lazyPage(() => import('./pages/CategoryPage')),
  '/inventory/master/vendor': lazyPage(() => import('./pages/VendorPage')),
  '/inventory/master/warehouse': lazyPage(() => import('./pages/WarehouseMasterPage')),
  '/inventory/warehouse': lazyPage(() => import('./pages/StockPage')),
  '/inventory/item': lazyPage(() => import('./pages/ItemStockPage')),
  '/inventory/purchase': lazyPage(() => import('./pages/PurchasePage')),
  '/inventory/purchase/receive': lazyPage(() => import('./pages/ReceivePage')),
  '/inventory/purchase/low': lazyPage(() => import('./pages/LowStockPage')),
  '/backoffice/inventory/purchase': lazyPage(() => import('./pages/BackofficePurchasePage')),
};
