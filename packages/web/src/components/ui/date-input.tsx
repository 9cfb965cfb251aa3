import * as React from 'react';
import { CalendarDays } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Popover, PopoverAnchor, PopoverContent } from './popover';

const loadCalendar = () => import('./date-calendar');
const DateCalendar = React.lazy(() => loadCalendar().then((m) => ({ default: m.DateCalendar })));

/** 'yyyy-mm-dd' -> 'dd/mm/yyyy' ('' stays ''). */
export function isoToDisplay(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** What a user types ('15/8/1990', '15-08-1990', '15081990' or '1990-08-15') -> 'yyyy-mm-dd', or null. */
export function parseDisplayDate(text: string): string | null {
  const s = text.trim();
  let d: number, m: number, y: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s)))
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{2})(\d{2})(\d{4})$/.exec(s)))
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return null;
  return date.toISOString().slice(0, 10);
}

const toDate = (iso: string) =>
  new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const toIso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export interface DateInputProps {
  id?: string;
  /** 'yyyy-mm-dd' or ''. */
  value: string;
  /** Called with 'yyyy-mm-dd' once the typed or picked date is complete and valid, '' when cleared. */
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** Opens the calendar at years and months chosen from lists (birth dates). */
  yearRange?: [number, number];
}

/**
 * A date field that reads dd/mm/yyyy with Indonesian month names whatever the browser's language (the native date
 * input follows the browser: mm/dd/yyyy and English in an English browser). Type the date, or open the calendar
 * with the button or Alt+ArrowDown; the calendar (react-day-picker, Indonesian locale) is keyboard usable.
 */
export function DateInput({
  id,
  value,
  onChange,
  min,
  max,
  disabled,
  required,
  className,
  yearRange,
  ...aria
}: DateInputProps) {
  const [text, setText] = React.useState(isoToDisplay(value));
  const [open, setOpen] = React.useState(false);
  const [invalid, setInvalid] = React.useState<string | null>(null);
  React.useEffect(() => {
    setText(isoToDisplay(value));
    setInvalid(null);
  }, [value]);

  const commit = (raw: string) => {
    if (raw.trim() === '') {
      setInvalid(null);
      if (value !== '') onChange('');
      return;
    }
    const iso = parseDisplayDate(raw);
    if (!iso) {
      setInvalid('Tanggal tidak valid, tulis dd/mm/yyyy');
      return;
    }
    if (min && iso < min) {
      setInvalid(`Tanggal paling awal ${isoToDisplay(min)}`);
      return;
    }
    if (max && iso > max) {
      setInvalid(`Tanggal paling akhir ${isoToDisplay(max)}`);
      return;
    }
    setInvalid(null);
    setText(isoToDisplay(iso));
    if (iso !== value) onChange(iso);
  };

  const selected = value ? toDate(value) : undefined;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div className={cn('relative flex w-full min-w-0', className)}>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="dd/mm/yyyy"
            data-slot="input"
            data-date-input=""
            data-value={value}
            value={text}
            disabled={disabled}
            required={required}
            aria-invalid={aria['aria-invalid'] || !!invalid || undefined}
            aria-describedby={aria['aria-describedby']}
            onChange={(e) => {
              setText(e.target.value);
              const iso = parseDisplayDate(e.target.value);
              if (iso && (!min || iso >= min) && (!max || iso <= max) && iso !== value) {
                setInvalid(null);
                onChange(iso);
              }
            }}
            onBlur={(e) => commit(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit((e.target as HTMLInputElement).value);
              if (e.key === 'ArrowDown' && e.altKey) {
                e.preventDefault();
                setOpen(true);
              }
            }}
            className="flex h-9 w-full min-w-0 rounded-md border border-input bg-background py-1 pr-9 pl-3 text-sm tabular-nums shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20"
          />
          <button
            type="button"
            disabled={disabled}
            onClick={() => setOpen((o) => !o)}
            // The calendar's code starts loading when the button is about to be used.
            onPointerEnter={() => void loadCalendar()}
            onFocus={() => void loadCalendar()}
            aria-label="Pilih tanggal dari kalender"
            aria-expanded={open}
            className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50"
          >
            <CalendarDays className="size-4" />
          </button>
        </div>
      </PopoverAnchor>
      <PopoverContent align="start" className="w-auto p-2" data-testid="date-picker">
        <React.Suspense fallback={<div className="h-72 w-64" aria-busy />}>
          <DateCalendar
            selected={selected}
            min={min}
            max={max}
            yearRange={yearRange}
            onSelect={(d) => {
              onChange(toIso(d));
              setOpen(false);
            }}
          />
        </React.Suspense>
      </PopoverContent>
      {invalid ? (
        <p className="mt-1 text-xs text-destructive" role="alert" data-testid="date-input-error">
          {invalid}
        </p>
      ) : null}
    </Popover>
  );
}
