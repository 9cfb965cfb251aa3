import { DayPicker } from 'react-day-picker';
import { id as localeId } from 'date-fns/locale';

const toDate = (iso: string) =>
  new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/**
 * The calendar of DateInput (react-day-picker, Indonesian locale), in a module of its own: it loads when a calendar
 * is first opened (or about to be: the button hovered or focused), not with every page that has a date field
 * (issue 10).
 */
export function DateCalendar({
  selected,
  min,
  max,
  yearRange,
  onSelect,
}: {
  selected: Date | undefined;
  min?: string;
  max?: string;
  yearRange?: [number, number];
  onSelect: (d: Date) => void;
}) {
  return (
    <DayPicker
      mode="single"
      locale={localeId}
      weekStartsOn={1}
      selected={selected}
      defaultMonth={selected}
      captionLayout={yearRange ? 'dropdown' : 'label'}
      startMonth={yearRange ? new Date(yearRange[0], 0) : undefined}
      endMonth={yearRange ? new Date(yearRange[1], 11) : undefined}
      disabled={[...(min ? [{ before: toDate(min) }] : []), ...(max ? [{ after: toDate(max) }] : [])]}
      autoFocus
      onSelect={(d) => {
        if (d) onSelect(d);
      }}
      classNames={{
        root: 'rdp-klinik relative text-sm',
        months: 'flex flex-col',
        month_caption: 'flex h-9 items-center justify-center font-medium capitalize',
        nav: 'absolute top-2 right-2 left-2 flex justify-between',
        button_previous:
          'inline-flex size-8 items-center justify-center rounded-md hover:bg-accent disabled:opacity-40',
        button_next: 'inline-flex size-8 items-center justify-center rounded-md hover:bg-accent disabled:opacity-40',
        weekday: 'w-9 text-xs font-normal text-muted-foreground',
        day: 'size-9 p-0 text-center',
        day_button:
          'size-9 rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
        selected: '[&>button]:bg-primary [&>button]:text-primary-foreground',
        today: 'font-semibold text-primary',
        outside: 'text-muted-foreground/50',
        disabled: 'text-muted-foreground/40',
        dropdowns: 'flex gap-2',
        dropdown: 'rounded-md border bg-background px-1 py-0.5 capitalize',
        caption_label: 'capitalize',
      }}
    />
  );
}
