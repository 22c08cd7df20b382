import type { SearchReindexProgressEvent } from '@amplio/domain';

/** What the sidebar shows for one `search.reindex.progress` event. */
export interface ReindexProgressView {
  /** 0 to 100. */
  percent: number;
  status: 'active' | 'success' | 'exception';
  /** Whether the rebuild has ended (the bar goes, a notification says how). */
  finished: boolean;
}

export function reindexProgressView(event: SearchReindexProgressEvent): ReindexProgressView {
  const percent = event.total === 0 ? 100 : Math.min(100, Math.floor((event.done * 100) / event.total));
  switch (event.state) {
    case 'RUNNING':
      return { percent, status: 'active', finished: false };
    case 'DONE':
      return { percent: 100, status: 'success', finished: true };
    case 'FAILED':
      return { percent, status: 'exception', finished: true };
  }
}
