import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, LoaderCircle, Search } from 'lucide-react';
import { MSG } from '@klinik/shared';
import { cn } from '../../lib/utils';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export interface ComboboxProps<T> {
  /** Distinguishes this search in the query cache, e.g. ['patients', 'search']. */
  queryKey: readonly unknown[];
  /** Loads the options for what the user typed (debounced 300 ms). */
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  value: T | null;
  onChange: (value: T | null) => void;
  /**
   * Called when the list closes (after a choice too), as a native field's blur: a form field (react-hook-form's
   * `field.onBlur`) is then touched and checked again, so its error goes once a valid choice is made.
   */
  onBlur?: () => void;
  getKey: (item: T) => string | number;
  getLabel: (item: T) => string;
  /** Optional richer row (name plus 'NO RM.' etc.). */
  renderItem?: (item: T) => React.ReactNode;
  placeholder?: string;
  searchPlaceholder?: string;
  /** Minimum characters before searching (default 0: search on open). */
  minChars?: number;
  disabled?: boolean;
  id?: string;
  invalid?: boolean;
  className?: string;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** An autocomplete with a server search (patients, doctors, items). Keyboard: arrows, Enter, Escape. */
export function Combobox<T>({
  queryKey,
  search,
  value,
  onChange,
  onBlur,
  getKey,
  getLabel,
  renderItem,
  placeholder = 'Pilih...',
  searchPlaceholder = 'Cari...',
  minChars = 0,
  disabled,
  id,
  invalid,
  className,
}: ComboboxProps<T>) {
  const [open, setOpen] = React.useState(false);
  const [text, setText] = React.useState('');
  const [active, setActive] = React.useState(0);
  const term = useDebounced(text.trim(), 300);
  const listId = React.useId();
  const enabled = open && term.length >= minChars;
  const { data = [], isFetching } = useQuery({
    queryKey: [...queryKey, term],
    queryFn: ({ signal }) => search(term, signal),
    enabled,
    staleTime: 10_000,
  });

  React.useEffect(() => setActive(0), [term]);

  const openChange = (o: boolean) => {
    setOpen(o);
    if (!o) onBlur?.();
  };
  const choose = (item: T) => {
    onChange(item);
    openChange(false);
    setText('');
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, data.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = data[active];
      if (item !== undefined) choose(item);
    }
  };

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        <button
          type="button"
          id={id}
          disabled={disabled}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-invalid={invalid || undefined}
          className={cn(
            'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
            !value && 'text-muted-foreground',
            className,
          )}
        >
          <span className="truncate">{value ? getLabel(value) : placeholder}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-50" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0" align="start">
        <div className="flex items-center gap-2 border-b px-3">
          <Search className="size-4 shrink-0 opacity-50" />
          <input
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={searchPlaceholder}
            aria-controls={listId}
            aria-activedescendant={data[active] !== undefined ? `${listId}-${getKey(data[active])}` : undefined}
            className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
          {isFetching ? <LoaderCircle className="size-4 animate-spin opacity-60" /> : null}
        </div>
        <ul id={listId} role="listbox" className="max-h-72 overflow-y-auto p-1">
          {!enabled ? (
            <li className="px-2 py-3 text-center text-sm text-muted-foreground">Ketik minimal {minChars} huruf</li>
          ) : data.length === 0 && !isFetching ? (
            <li className="px-2 py-3 text-center text-sm text-muted-foreground">{MSG.empty}</li>
          ) : (
            data.map((item, i) => {
              const key = getKey(item);
              const selected = value !== null && getKey(value) === key;
              return (
                <li
                  key={key}
                  id={`${listId}-${key}`}
                  role="option"
                  aria-selected={selected}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(item)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                    i === active && 'bg-accent text-accent-foreground',
                  )}
                >
                  <Check className={cn('size-4 shrink-0', selected ? 'opacity-100' : 'opacity-0')} />
                  <div className="min-w-0 flex-1">{renderItem ? renderItem(item) : getLabel(item)}</div>
                </li>
              );
            })
          )}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
