import { parentPort, threadId } from 'node:worker_threads';
import { RunFileError, type RunFile } from '@amplio/domain';
import { parseRunFiles } from '@amplio/parsers';
import type {
  ParseThreadInput,
  ParseThreadOutput,
  ParseThreadReady,
  ParseThreadReply,
} from './parse-thread-contract';

/** Parses one upload's files into the run, or the file's error by key and detail. */
async function parse(input: ParseThreadInput): Promise<ParseThreadOutput> {
  const files: RunFile[] = input.files.map((file) => ({
    name: file.name,
    content: Buffer.from(file.content),
  }));
  try {
    return {
      ok: true,
      run: await parseRunFiles(files, input.analyserFamily ? { analyserFamily: input.analyserFamily } : {}),
    };
  } catch (error) {
    if (error instanceof RunFileError) return { ok: false, key: error.key, detail: error.detail };
    return {
      ok: false,
      key: 'errorImportUnexpected',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * Runs in a pooled worker thread (parse-thread-pool.ts): the parsers library is loaded once, then
 * each posted upload is parsed in turn (the pool gives a thread one parse at a time).
 */
parentPort?.on('message', (input: ParseThreadInput) => {
  void parse(input).then((output) =>
    parentPort?.postMessage({ ...output, threadId } satisfies ParseThreadReply),
  );
});
parentPort?.postMessage({ ready: true, threadId } satisfies ParseThreadReady);
