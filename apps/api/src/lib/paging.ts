/** The page a list query asks for (`page` from 1) and the page it answers, as the shared list schemas say. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** LIMIT and OFFSET of the page. */
export const pageWindow = (query: PageQuery) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

export const pageOf = <T>(items: T[], total: number, query: PageQuery) => ({
  items,
  total,
  page: query.page,
  pageSize: query.pageSize,
});
