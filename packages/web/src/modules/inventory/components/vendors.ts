import { useQuery } from '@tanstack/react-query';
import type { VendorDto } from '@klinik/shared';
import { api } from '../../../lib/trpc';

/** The branch's active vendors (purchase forms; a page of its own file so stock pages do not call it). */
export function useVendors() {
  return useQuery({
    queryKey: ['inventory', 'vendors'],
    queryFn: ({ signal }) =>
      api.get<{ data: VendorDto[] }>('/api/inventory/vendor', { query: { status: 1, limit: 500 }, signal }),
    select: (r) => r.data,
  });
}
