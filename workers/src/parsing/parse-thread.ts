import { parentPort, workerData } from 'node:worker_threads';
import { RunFileError, type RunFile } from '@amplio/domain';
import { parseRunFiles } from '@amplio/parsers';
import type { ParseThreadInput, ParseThreadOutput } from './parse-in-thread';

/** Runs in a worker thread: parses the files it was given and posts the run or the file's error. */
async function run(input: ParseThreadInput): Promise<ParseThreadOutput> {
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

void run(workerData as ParseThreadInput).then((output) => parentPort?.postMessage(output));
