import type { ReactNode } from 'react';

/** The title row every page starts with. */
export function PageHeader({
  title,
  description,
  extra,
}: {
  title: string;
  description?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="page-head">
      <div>
        <h1 data-testid="page-title">{title}</h1>
        {description && <div className="desc">{description}</div>}
      </div>
      {extra && <div>{extra}</div>}
    </div>
  );
}
