import type { ReactNode } from 'react';

/**
 * A Select's `labelRender` that shows the chosen value in its own direction, cut at its own end: a
 * Latin location name in a right-to-left page was cut at its start, as if it were Arabic.
 */
export function ownDirection({ label }: { label?: ReactNode }): ReactNode {
  return (
    <span dir="auto" className="select-own-direction">
      {label}
    </span>
  );
}
