import { startEmbeddedApp, startScaledApp } from '../../test/e2e/harness';
import { median, report } from './bench-common';
import { quantStudio384Workbook } from './quantstudio-384';
import { configureAndInterpret, firstLotId, technicianToken, uploadRun } from './run-upload';

interface ModeFigures {
  mode: 'embedded' | 'scaled';
  repeats: number;
  /** From the upload request to its answer: the run imported, ready to configure (interpretable). */
  uploadToInterpretableMs: number[];
  medianUploadToInterpretableMs: number;
  /** Then the wells configured (POST /run) until the interpretation job has stored its results. */
  configureToInterpretedMs: number[];
  medianConfigureToInterpretedMs: number;
  medianUploadToInterpretedMs: number;
}

async function measure(
  mode: 'embedded' | 'scaled',
  url: string,
  repeats: number,
  file: { name: string; content: Buffer },
): Promise<ModeFigures> {
  const token = await technicianToken(url);
  const lotId = await firstLotId(url, token);
  // One upload first, not counted: the first request warms the process (JIT, pools, parse thread).
  await uploadRun(url, token, file);
  const interpretable: number[] = [];
  const interpreted: number[] = [];
  const total: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    const started = performance.now();
    const run = await uploadRun(url, token, file);
    const uploaded = performance.now();
    if (Object.keys(run.wells).length !== 384)
      throw new Error(`expected 384 wells, got ${Object.keys(run.wells).length}`);
    await configureAndInterpret(url, token, run, lotId);
    const done = performance.now();
    interpretable.push(Math.round(uploaded - started));
    interpreted.push(Math.round(done - uploaded));
    total.push(Math.round(done - started));
  }
  return {
    mode,
    repeats,
    uploadToInterpretableMs: interpretable,
    medianUploadToInterpretableMs: median(interpretable),
    configureToInterpretedMs: interpreted,
    medianConfigureToInterpretedMs: median(interpreted),
    medianUploadToInterpretedMs: median(total),
  };
}

/**
 * Upload to interpreted over HTTP, a 384-well QuantStudio Design & Analysis workbook (generated from
 * the genotyping example, real curves), in the embedded mode (jobs in the API process) and the scaled
 * mode (one API, one worker): upload → run interpretable, then wells configured → interpreted.
 * Target (issue 15, embedded): median upload to interpretable under 1 s.
 */
export async function uploadInterpretedBench(smoke: boolean): Promise<Record<string, unknown>> {
  const repeats = smoke ? 1 : 5;
  const file = quantStudio384Workbook();
  const modes: ModeFigures[] = [];
  const embedded = await startEmbeddedApp({ env: { LOG_LEVEL: 'warn' } });
  try {
    modes.push(await measure('embedded', embedded.url, repeats, file));
  } finally {
    await embedded.stop();
  }
  const scaled = await startScaledApp({ apis: 1, workers: 1, env: { LOG_LEVEL: 'warn' } });
  try {
    modes.push(await measure('scaled', scaled.url, repeats, file));
  } finally {
    await scaled.stop();
  }
  const embeddedMedian = modes[0].medianUploadToInterpretableMs;
  return {
    file: file.name,
    bytes: file.content.length,
    wells: 384,
    modes,
    target: 'embedded: median upload to interpretable < 1000 ms',
    met: embeddedMedian < 1000,
  };
}

if (require.main === module) {
  const smoke = process.argv.includes('--smoke');
  uploadInterpretedBench(smoke)
    .then((body) => report('upload-interpreted', smoke, body))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
