import { CHAIN_OWNED_MESSAGE } from '@klinik/shared';
import { Badge } from './ui/badge';

/** The 'Pusat' badge of a branch row the head office keeps (issue 30 item 2: its `chain_id` is set). */
export function ChainBadge({ chainId }: { chainId: number | null | undefined }) {
  if (chainId === null || chainId === undefined) return null;
  return (
    <Badge variant="secondary" title={CHAIN_OWNED_MESSAGE}>
      Pusat
    </Badge>
  );
}
