import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/**
 * A link to a page of the app: a real `<a href>` (open in a new tab works), and a plain click
 * navigates in the app through the router's navigator (so a page's leave guard is asked). React
 * Router's own `<Link>` does the same plus the data router's prefetching, which we do not use and
 * which every screen's first load carried (1.5 kB compressed, bench/RESULTS.md); the lint keeps its
 * import out.
 */
export function Link({ to, replace, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigateOnClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigateOnClick(event);
      }}
    />
  );
}
