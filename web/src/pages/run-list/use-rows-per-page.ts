import { useEffect, useState } from 'react';

/** SPEC 9: rows per page from the window height (row 55 px, pagination 38 px, layout 100 px). */
export const ROW_HEIGHT = 55;
export const PAGINATION_HEIGHT = 38;
export const LAYOUT_HEIGHT = 100;
/** Top bar, page title and search bar, table header. */
const CHROME_HEIGHT = 64 + 96 + ROW_HEIGHT;

export function rowsPerPageFor(windowHeight: number): number {
  const rows = Math.floor((windowHeight - CHROME_HEIGHT - PAGINATION_HEIGHT - LAYOUT_HEIGHT) / ROW_HEIGHT);
  return Math.max(5, rows);
}

export function useRowsPerPage(): number {
  const [rows, setRows] = useState(() => rowsPerPageFor(window.innerHeight));
  useEffect(() => {
    const onResize = (): void => setRows(rowsPerPageFor(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return rows;
}
