import type { ParsedRun, RunFileErrorKey } from '@amplio/domain';

/** What the pool posts to a parse thread: one upload's files. */
export interface ParseThreadInput {
  files: Array<{ name: string; content: Uint8Array }>;
  analyserFamily: string | null;
}

/** The parsed run, or the file's error by key and detail (a class does not cross threads). */
export type ParseThreadOutput =
  { ok: true; run: ParsedRun } | { ok: false; key: RunFileErrorKey; detail: string };

/** A thread's answer: the output and the thread that parsed (a pool reuses its threads). */
export type ParseThreadReply = ParseThreadOutput & { threadId: number };

/** What a thread posts once, when it has loaded the parsers and waits for uploads. */
export interface ParseThreadReady {
  ready: true;
  threadId: number;
}

export interface ParseLimits {
  /** From the moment a thread takes the parse (waiting for a free thread is not counted). */
  timeoutMs: number;
  /** Heap of each parsing thread; a file that needs more is refused, the worker process lives on. */
  maxHeapMb: number;
}
