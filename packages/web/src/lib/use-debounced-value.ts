import * as React from 'react';

/** Debounces a value (what the user types into a keyword box) before it becomes a query. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
