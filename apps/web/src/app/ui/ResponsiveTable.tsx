import { isValidElement, type ReactNode } from 'react';
import { Table as AntTable, type TableColumnsType, type TableProps } from 'antd';
import { useMediaQuery } from '../shell/useMediaQuery';

/** Below this width a table's rows become cards: a phone user should never scroll sideways. */
const CARD_QUERY = '(max-width: 767px)';

type Column<T> = TableColumnsType<T>[number];
type LeafColumn<T> = Column<T> & { dataIndex?: string | number | readonly (string | number)[] };

/** Column groups hold their columns in `children`; a card lists the leaves. */
function leaves<T>(columns: TableColumnsType<T>): LeafColumn<T>[] {
  return columns.flatMap((c) => ('children' in c && c.children ? leaves(c.children) : [c as LeafColumn<T>]));
}

function valueAt(record: unknown, dataIndex: LeafColumn<unknown>['dataIndex']): unknown {
  if (dataIndex === undefined) return record;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex as string | number];
  // A record is a plain object here; the path comes from the column definition.
  return path.reduce<unknown>(
    (v, k) => (v === null || v === undefined ? v : (v as Record<string | number, unknown>)[k]),
    record,
  );
}

/** A render function may answer `{ children, props }` (cell spans); a card needs only the content. */
function cellContent(out: unknown): ReactNode {
  if (out && typeof out === 'object' && !isValidElement(out) && 'children' in out)
    return (out as { children: ReactNode }).children;
  return out as ReactNode;
}

function titleOf<T>(column: LeafColumn<T>): ReactNode {
  return typeof column.title === 'function' ? null : column.title;
}

/** One row as a card: each column's title over its cell, the first column as the card's heading. */
function cardColumn<T>(columns: TableColumnsType<T>): Column<T> {
  const all = leaves(columns).filter((c) => !c.hidden);
  return {
    key: 'card',
    render: (_: unknown, record: T, index: number) => (
      <div className="rt-card">
        {all.map((c, i) => {
          const raw = valueAt(record, c.dataIndex);
          const content = cellContent(c.render ? c.render(raw, record, index) : raw);
          const title = titleOf(c);
          return (
            <div key={String(c.key ?? c.dataIndex ?? i)} className={i === 0 ? 'rt-first' : undefined}>
              {i > 0 && title ? <div className="rt-label">{title}</div> : null}
              <div>{content}</div>
            </div>
          );
        })}
      </div>
    ),
  };
}

/**
 * antd's Table, except on a phone: there each row is a card listing its columns, so nothing runs
 * off the right edge. Paging, loading, selection and row handlers work the same in both forms.
 */
export function Table<T extends object>(props: TableProps<T>) {
  const narrow = useMediaQuery(CARD_QUERY);
  if (!narrow || !props.columns) return <AntTable<T> {...props} />;
  return (
    <AntTable<T>
      {...props}
      className={['rt-cards', props.className].filter(Boolean).join(' ')}
      columns={[cardColumn(props.columns)]}
      showHeader={false}
      scroll={undefined}
    />
  );
}
