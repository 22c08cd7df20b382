import type { ParsedRun, ParsedWell, SampleType } from '@amplio/domain';
import type { WellInput } from './interpret-types';
import { signalProcessingForRun } from './signal-processing';

/**
 * The engine input for the wells of a parsed run: channels in the run's channel order, each with
 * the curve, the instrument's threshold and baseline window, and the signal processing of the
 * run's format. `sampleTypeOf` gives each well's configured sample type (null: leave it out, e.g.
 * a well not analysed or of another kit).
 */
export function wellInputsFromParsedRun(
  run: ParsedRun,
  sampleTypeOf: (well: ParsedWell) => SampleType | null,
): WellInput[] {
  const signalProcessing = signalProcessingForRun(run);
  const inputs: WellInput[] = [];
  for (const well of run.wells) {
    const sampleType = sampleTypeOf(well);
    if (sampleType === null) continue;
    const dyes = run.channels.map((c) => c.dye).filter((dye) => dye in well.channels);
    for (const dye of Object.keys(well.channels)) if (!dyes.includes(dye)) dyes.push(dye);
    inputs.push({
      position: well.position,
      sampleType,
      channels: dyes.map((dye) => {
        const channel = well.channels[dye];
        return {
          dye,
          curve: channel.curve,
          instrumentThreshold: channel.instrumentThreshold,
          instrumentBaseline: channel.instrumentBaseline,
          signalProcessing,
        };
      }),
    });
  }
  return inputs;
}
