/** The run list's sortable columns (SPEC 2 "Run list"), one list for the API, the database and the web. */
export const RUN_SORT_FIELDS = [
  'businessId',
  'fileName',
  'instrumentName',
  'created',
  'status',
  'runDate',
  'interpretationRunByName',
] as const;

export type RunSortField = (typeof RUN_SORT_FIELDS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
