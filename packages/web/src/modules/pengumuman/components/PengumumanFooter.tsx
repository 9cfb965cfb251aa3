import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { PENGUMUMAN_FOOTER_COUNT, formatDateTime } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';

/** Keyframes and the reduced-motion rule live with the component that uses them. */
const CSS = `
@keyframes klinik-marquee { from { transform: translateX(0); } to { transform: translateX(-50%); } }
.klinik-marquee-track { animation: klinik-marquee var(--marquee-duration, 60s) linear infinite; }
.klinik-marquee:hover .klinik-marquee-track, .klinik-marquee:focus-within .klinik-marquee-track { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) {
  .klinik-marquee-track { animation: none; }
  .klinik-marquee-copy { display: none; }
  .klinik-marquee { overflow-x: auto; }
}
`;

/**
 * The running announcements footer (spec 1, 9): the 10 latest, scrolling right to left; still and scrollable
 * for users who prefer reduced motion; paused on hover. ClinicLayout shows it at md and up, 45 px high.
 */
export function PengumumanFooter() {
  const trpc = useTRPC();
  const { data } = useQuery({
    ...trpc.pengumuman.list.queryOptions({ page: 1, limit: PENGUMUMAN_FOOTER_COUNT }),
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  const items = data?.data ?? [];
  const duration = Math.max(20, items.reduce((n, i) => n + i.message.length + i.userdata.name.length, 0) / 6);
  const row = (copy: boolean) => (
    <ul
      className={copy ? 'klinik-marquee-copy flex shrink-0 items-center' : 'flex shrink-0 items-center'}
      aria-hidden={copy || undefined}
    >
      {items.map((p) => (
        <li
          key={p.id}
          className="flex items-center gap-2 px-6 text-sm whitespace-nowrap"
          data-testid={copy ? undefined : 'footer-item'}
        >
          <span className="size-1.5 rounded-full bg-primary" aria-hidden />
          <span>{p.message}</span>
          <span className="text-xs text-muted-foreground">
            — {p.userdata.name}, {formatDateTime(p.posttime)}
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="flex h-full items-center" data-testid="announcements-footer">
      <style>{CSS}</style>
      <div className="flex h-full shrink-0 items-center gap-2 bg-primary px-3 text-sm font-medium text-primary-foreground">
        <Megaphone className="size-4" aria-hidden />
        Pengumuman
      </div>
      {items.length === 0 ? (
        <p className="px-4 text-sm text-muted-foreground">Belum ada pengumuman</p>
      ) : (
        <div
          className="klinik-marquee relative h-full min-w-0 flex-1 overflow-hidden"
          aria-live="off"
          aria-label="Pengumuman terbaru"
          tabIndex={0}
        >
          <div
            className="klinik-marquee-track flex h-full w-max items-center"
            style={{ ['--marquee-duration' as string]: `${duration}s` }}
          >
            {row(false)}
            {row(true)}
          </div>
        </div>
      )}
    </div>
  );
}
