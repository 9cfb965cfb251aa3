import { useQuery } from '@tanstack/react-query';
import { allows, formatRupiah, SHARING_ACCESS, type SharingRuleDto } from '@klinik/shared';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

/** 'all' stands for an empty choice in a dropdown (a select item may not have the empty value). */
export const ALL = 'all';

export function useSharingManage(): boolean {
  return allows(useSession(), SHARING_ACCESS.manage);
}

/** The doctors and this branch's treatments the rule form and filters offer. */
export function useSharingOptions() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.sharing.options.queryOptions({}), meta: { silent: true } });
}

export function ruleValue(r: Pick<SharingRuleDto, 'kind' | 'value'>): string {
  return r.kind === 'percent' ? `${r.value.toLocaleString('id-ID')}%` : formatRupiah(r.value);
}

export function ruleWho(r: SharingRuleDto): string {
  return [
    r.doctor?.name ?? 'Semua dokter',
    r.perawatan ? r.perawatan.name : 'Semua tindakan',
    r.branch?.name ?? 'Semua cabang',
  ].join(' · ');
}
