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
  /** The row that is exactly what was typed (a whole NO RM. or NIK): Enter takes it over the first row. */
  exact?: (item: T, typed: string) => boolean;
  /** Minimum characters before searching (default 0: search on open). */
  minChars?: number;
  disabled?: boolean;
  id?: string;
  invalid?: boolean;
  className?: string;
}

/**
 * The search term: what is typed, 300 ms after the last key; `flush` makes it what is typed now (Enter does not
 * wait for the pause).
 */
function useSearchTerm(typed: string): [string, () => void] {
  const [term, setTerm] = React.useState(typed);
  React.useEffect(() => {
    const t = setTimeout(() => setTerm(typed), 300);
    return () => clearTimeout(t);
  }, [typed]);
  return [term, () => setTerm(typed)];
}

/**
 * An autocomplete with a server search (patients, doctors, items), keyboard-first: typing on the closed field opens
 * it with that key; arrows, Enter, Escape. Enter acts only on the results for the text typed (issue 26 item 1): the
 * list shown while the server has not answered the current text (the unfiltered first page, or the results of a
 * shorter text) is never what Enter picks. An Enter pressed before the answer is remembered and applied when it
 * comes (a barcode scanner or a fast receptionist types and presses Enter at once); typing on forgets it. Enter takes
 * the row the arrows chose, else the `exact` match (a whole NO RM. or NIK), else the first row.
 */
export function Combobox<T>({
  queryKey,
  search,
  value,
  onChange,
  onBlur,
  getKey,
  getLabel,
  renderItem,
  exact,
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
  const typed = text.trim();
  /** The row the arrows (or the mouse) chose in the current results; null: none chosen. */
  const [moved, setMoved] = React.useState<number | null>(null);
  /** Enter was pressed for the text typed before its results came. */
  const [pendingEnter, setPendingEnter] = React.useState(false);
  const [term, flushTerm] = useSearchTerm(typed);
  const listId = React.useId();
  const enabled = open && term.length >= minChars;
  const { data: results, isFetching } = useQuery({
    queryKey: [...queryKey, term],
    queryFn: ({ signal }) => search(term, signal),
    enabled,
    staleTime: 10_000,
  });
  const data = React.useMemo(() => (enabled ? (results ?? []) : []), [enabled, results]);
  // The results answer the text typed only when they were asked for it (the query key holds the term).
  const answered = enabled && results !== undefined && term === typed;
  const exactIndex = exact && answered ? data.findIndex((item) => exact(item, typed)) : -1;
  const active = moved ?? (exactIndex >= 0 ? exactIndex : 0);

  React.useEffect(() => setMoved(null), [term]);

  const openChange = React.useCallback(
    (o: boolean) => {
      setOpen(o);
      setPendingEnter(false);
      if (!o) onBlur?.();
    },
    [onBlur],
  );
  const choose = React.useCallback(
    (item: T) => {
      onChange(item);
      openChange(false);
      setText('');
    },
    [onChange, openChange],
  );

  React.useEffect(() => {
    if (!pendingEnter || !answered) return;
    setPendingEnter(false);
    const item = data[active];
    if (item !== undefined) choose(item);
  }, [pendingEnter, answered, data, active, choose]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setMoved(Math.max(0, Math.min(active + 1, data.length - 1)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setMoved(Math.max(active - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (typed.length < minChars) return;
      const item = answered ? data[active] : undefined;
      if (item !== undefined) choose(item);
      else if (!answered) {
        setPendingEnter(true);
        flushTerm();
      }
    }
  };

  const onTriggerKeyDown = (e: React.KeyboardEvent<HTMLButtonElement>) => {
    if (e.key.length !== 1 || e.key === ' ' || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    setText(e.key);
    setPendingEnter(false);
    setOpen(true);
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
          onKeyDown={onTriggerKeyDown}
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
            onChange={(e) => {
              setText(e.target.value);
              setPendingEnter(false);
            }}
            onKeyDown={onKeyDown}
            // Opened by a key on the field: the caret after that key, so the next keys follow it.
            onFocus={(e) =>
              e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)
            }
            placeholder={searchPlaceholder}
            aria-controls={listId}
            aria-activedescendant={data[active] !== undefined ? `${listId}-${getKey(data[active])}` : undefined}
            className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
          {isFetching ? <LoaderCircle className="size-4 animate-spin opacity-60" /> : null}
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-busy={(enabled && !answered) || undefined}
          className="max-h-72 overflow-y-auto p-1"
        >
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
                  onMouseMove={() => (i === active ? undefined : setMoved(i))}
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
