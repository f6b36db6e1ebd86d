import { useState } from 'react';
import type { TableProps } from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REVIEWS_DEFAULT_PER_PAGE, type RankingSort, type RankingTableParams, type SortOrder } from '@reputo/core';
import { reportingApi, type LocationRow, type RankingKind, type StatsFilter } from './api';
import { reportingKeys } from './queryKeys';

const toAnt = (order: SortOrder): AntSortOrder => (order === 'asc' ? 'ascend' : 'descend');

/**
 * A ranking's table, paged and sorted by the server (a big company has 1,000 locations): the page
 * and sort are state here, a new filter or view goes back to page 1, and clearing a column's sort
 * returns to `initial`. Columns take `sortable(key)` for their sorter.
 */
export function useRankingTable(
  view: RankingKind,
  filter: StatsFilter,
  initial: { sort: RankingSort; order: SortOrder },
) {
  const [table, setTable] = useState<RankingTableParams>({ page: 1, per_page: REVIEWS_DEFAULT_PER_PAGE, ...initial });
  const scope = JSON.stringify([view, filter]);
  const [shownScope, setShownScope] = useState(scope);
  if (shownScope !== scope) {
    // Adjusting state while rendering (React's pattern for "reset on prop change"), not in an effect: no extra fetch of the old page.
    setShownScope(scope);
    setTable((t) => ({ ...t, page: 1 }));
  }
  const query = useQuery({
    queryKey: reportingKeys.ranking(view, filter, table),
    queryFn: ({ signal }) => reportingApi.locations(view, filter, table, signal),
    placeholderData: keepPreviousData,
  });
  const onChange: TableProps<LocationRow>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = s?.order ? (s.columnKey as RankingSort) : initial.sort;
    const order = s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : initial.order;
    const resorted = sort !== table.sort || order !== table.order;
    setTable({ ...table, sort, order, page: resorted ? 1 : (pagination.current ?? 1) });
  };
  const tableProps: TableProps<LocationRow> = {
    rowKey: 'location_id',
    dataSource: query.data?.data ?? [],
    loading: query.isFetching,
    onChange,
    pagination: {
      current: table.page,
      pageSize: table.per_page,
      total: query.data?.total ?? 0,
      showSizeChanger: false,
      hideOnSinglePage: true,
    },
  };
  const sortable = (key: RankingSort) => ({
    key,
    sorter: true,
    sortOrder: table.sort === key ? toAnt(table.order) : null,
  });
  return { query, tableProps, sortable };
}
