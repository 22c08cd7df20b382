import type { LaboratoryScope, RunIdPage, RunSearchDocument } from '@amplio/db';
import type { RunSortField, SortDirection } from '@amplio/domain';

export type SearchEngine = 'postgresql' | 'elasticsearch';

/** One page of the run list as the search box asks for it. */
export interface RunSearchRequest {
  scope: LaboratoryScope;
  /** What the user typed; null or blank means no search. */
  text: string | null;
  sort: RunSortField;
  direction: SortDirection;
  page: number;
  size: number;
  /** The number of matches when the caller knows it for this state of the list (PostgreSQL then skips the count). */
  knownTotal?: number;
}

/** Where a rebuild reads the runs from (PostgreSQL, the source of truth). */
export interface RunDocumentSource {
  countRuns(): Promise<number>;
  documentsAfter(afterId: string | null, limit: number): Promise<RunSearchDocument[]>;
}

/** One run to write into the index after a change (the `search.index-run` job). */
export interface RunSearchChange {
  runId: string;
  /** The search outbox row id: larger for later changes. */
  version: number;
  document: RunSearchDocument | null;
}

export type ReindexProgress = (done: number, total: number) => Promise<void>;

/** The one search interface (docs/search.md): PostgreSQL by default, Elasticsearch when configured. */
export interface RunSearchIndex {
  readonly engine: SearchEngine;
  /** The ids of one page in order and the number of matches, always within the caller's scope. */
  search(request: RunSearchRequest): Promise<RunIdPage>;
  /**
   * Writes these runs as they are now (`document` null: the run is gone), each with its change id
   * as version: a write never replaces a newer one, so jobs may run twice or out of order.
   * PostgreSQL keeps its own search text: nothing to do there.
   */
  apply(changes: RunSearchChange[]): Promise<void>;
  /** Rebuilds the whole index from the source in batches, answering searches meanwhile. */
  rebuild(source: RunDocumentSource, onProgress: ReindexProgress): Promise<void>;
}

export const RUN_SEARCH_INDEX = Symbol('RUN_SEARCH_INDEX');

export const MAX_SEARCH_WORDS = 8;
export const MAX_SEARCH_WORD_LENGTH = 100;

function isControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/**
 * The words of a search: control characters (NUL included) are spaces, at most 8 words of 100
 * characters. `[]` means no search; null means a search that nothing can match (only control
 * characters were typed).
 */
export function searchWords(text: string | null): string[] | null {
  if (text === null || text.trim() === '') return [];
  const words = [...text]
    .map((character) => (isControl(character) ? ' ' : character))
    .join('')
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  return words.slice(0, MAX_SEARCH_WORDS).map((word) => word.slice(0, MAX_SEARCH_WORD_LENGTH));
}
