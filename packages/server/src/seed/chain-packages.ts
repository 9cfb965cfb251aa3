import type { Ctx } from '../http/context.js';
import { createChainMaster } from '../modules/chainMasters/index.js';

/**
 * Issue 30 item 2: what the head office keeps of packages and photos, shown in every branch with the 'Pusat' badge:
 * one photo label, one package type, one treatment and one promo package of three of it (the Backoffice's 'Label
 * Foto', 'Promo', 'Perawatan' and 'Paket Promosi').
 */
export const DEMO_CHAIN_PACKAGE = 'PST-GLOW3';

export async function seedChainPackages(hq: Ctx): Promise<void> {
  await createChainMaster(hq, 'foto-label', { name: 'Area Leher (Pusat)', status: 1 });
  const type = await createChainMaster(hq, 'promo', {
    name: 'Promo Jaringan',
    type: 1,
    start_at: '2024-01-01',
    status: 1,
  });
  const treatment = await createChainMaster(hq, 'treatment', {
    code: 'PST-GLOW',
    name: 'Glow Peel (Pusat)',
    price: 450000,
    doctor_share: 75000,
    status: 1,
  });
  await createChainMaster(hq, 'promosi', {
    code: DEMO_CHAIN_PACKAGE,
    name: 'Paket Glow Peel 3x (Pusat)',
    paket_type_id: type.id,
    active_at: '2024-01-01',
    price: 1200000,
    description: 'Paket kantor pusat, dijual di semua cabang',
    status: 1,
    installment_schema: 1,
    dp_amount: 400000,
    cicilan_amount: 400000,
    cicilan_attempt: 2,
    items: [{ type: 1, ref_id: treatment.id, free_slot: 3, expired_duration: 180 }],
  });
}
