import * as React from 'react';

/** True from the first time `open` is true on: a lazily loaded dialog stays mounted so that closing animates. */
export function useOpenedOnce(open: boolean): boolean {
  const [used, setUsed] = React.useState(open);
  if (open && !used) setUsed(true);
  return used || open;
}
