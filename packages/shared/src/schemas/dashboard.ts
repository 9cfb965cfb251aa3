/**
 * The home page's dashboard (issue 16): cards from the modules that exist, each with its own access on the server.
 * Money values are rupiah (number, two decimals at most), like the reports they come from.
 */
export interface DashboardFigureDto {
  key: string;
  label: string;
  value: number;
  kind: 'money' | 'count';
  /** The page whose own report gives this figure. */
  href: string;
  /** A short comparison or explanation ('Bulan lalu Rp 1.200.000'). */
  hint?: string;
  /** Change against the previous period in percent, when it has one. */
  change?: number | null;
}

export interface DashboardChartDto {
  label: string;
  kind: 'money' | 'count';
  points: { label: string; value: number; href?: string }[];
}

export interface DashboardCardDto {
  key: string;
  title: string;
  href: string;
  figures: DashboardFigureDto[];
  chart?: DashboardChartDto;
}

export interface DashboardDto {
  /** The branch's today (yyyy-mm-dd). */
  date: string;
  cards: DashboardCardDto[];
}
