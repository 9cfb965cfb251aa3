import * as React from 'react';

/**
 * False on the first render, true once the browser has painted what that render committed and has a moment to
 * spare (the next idle period, at most 2 s later). For parts that are not needed for the first look of a page (the
 * toaster, the running announcements): their code and data are fetched after the page is drawn, so that on a
 * phone's slow link they do not share the bandwidth with what the page needs first (issue 10).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = React.useState(false);
  React.useEffect(() => {
    let cancel = () => {};
    const done = () => setPainted(true);
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(done, { timeout: 2000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(done, 0);
        cancel = () => clearTimeout(id);
      }
    };
    if (typeof requestAnimationFrame !== 'function') whenIdle();
    else {
      // A task after the next animation frame runs once that frame has been painted.
      const frame = requestAnimationFrame(() => {
        const id = setTimeout(whenIdle, 0);
        cancel = () => clearTimeout(id);
      });
      cancel = () => cancelAnimationFrame(frame);
    }
    return () => cancel();
  }, []);
  return painted;
}
