import { PurchaseList } from './PurchasePage';

/** /backoffice/inventory/purchase: purchase orders of every branch, for top-level users. */
export default function BackofficePurchasePage() {
  return <PurchaseList allBranches />;
}
