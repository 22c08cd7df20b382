import type { ParsedRun, SampleType } from '@amplio/domain';
import { GENOTYPE_DIAGNOSTIC_IDS, genotypingDemoConfiguration } from '../genotyping-configuration';
import { interpretRun } from '../interpret';
import type { WellResult } from '../interpret-types';
import { wellInputsFromParsedRun } from '../parsed-run-input';
import type { SignalProcessing } from '../signal-processing';
import { parseFixture } from '../testing/fixture-runs';

/**
 * QS7Pro genotyping run (VIC = allele 1, FAM = allele 2) interpreted with our genotyping
 * configuration, against Thermo's own calls in the Genotyping Result sheet.
 */
const FILE = 'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx';

/** Thermo's call -> the diagnostic our configuration must suggest (samples) or match (NTC). */
const EXPECTED: Record<string, string> = {
  'Allele 1/Allele 1': GENOTYPE_DIAGNOSTIC_IDS.homozygousAllele1,
  'Allele 2/Allele 2': GENOTYPE_DIAGNOSTIC_IDS.homozygousAllele2,
  'Allele 1/Allele 2': GENOTYPE_DIAGNOSTIC_IDS.heterozygous,
};

interface ThermoCall {
  position: string;
  task: string;
  call: string;
}

/** Thermo's calls as @amplio/parsers reads them (sample role NTC = negative control). */
function thermoCalls(run: ParsedRun): ThermoCall[] {
  return run.wells.map((well) => ({
    position: well.position,
    task: well.sampleRole === 'NTC' ? 'Negative Control' : (well.sampleRole ?? ''),
    call: Object.values(well.channels)[0]?.instrumentCall ?? '',
  }));
}

function sampleTypeOf(task: string): SampleType {
  return task === 'Negative Control' ? 'NEGATIVE_AMPLIFICATION_CONTROL' : 'SAMPLE';
}

function interpret(
  run: ParsedRun,
  signalProcessing: SignalProcessing,
  withConfiguredThresholds: boolean,
): Map<string, WellResult> {
  const calls = new Map(thermoCalls(run).map((c) => [c.position, c]));
  const wells = wellInputsFromParsedRun(run, (well) =>
    sampleTypeOf(calls.get(well.position)?.task ?? ''),
  ).map((well) => ({ ...well, channels: well.channels.map((c) => ({ ...c, signalProcessing })) }));
  const configuration = withConfiguredThresholds
    ? genotypingDemoConfiguration
    : { ...genotypingDemoConfiguration, channels: [] };
  return new Map(interpretRun(wells, configuration).map((r) => [r.position, r]));
}

describe('QS7Pro genotyping agreement with Thermo calls', () => {
  let run: ParsedRun;
  let calls: ThermoCall[];
  beforeAll(async () => {
    run = await parseFixture(`thermo-quantstudio/${FILE}`);
    calls = thermoCalls(run);
  });

  it('the sheet has 96 called wells of four kinds', () => {
    expect(calls).toHaveLength(96);
    expect(new Set(calls.map((c) => c.call))).toEqual(
      new Set(['No Amplification', 'Allele 1/Allele 1', 'Allele 2/Allele 2', 'Allele 1/Allele 2']),
    );
  });

  it.each<[string, SignalProcessing, boolean]>([
    ['QuantStudio signal processing, configured thresholds 0.1', 'quantstudio', true],
    ['plain signal, configured thresholds 0.1', 'none', true],
    ['QuantStudio signal processing, the file thresholds', 'quantstudio', false],
  ])('%s: every called well agrees', (_label, signalProcessing, configured) => {
    const results = interpret(run, signalProcessing, configured);
    const disagreements: string[] = [];
    let samples = 0;
    for (const call of calls) {
      const result = results.get(call.position);
      if (!result) throw new Error(`no result for ${call.position}`);
      if (call.task === 'Negative Control') {
        // Thermo calls its NTCs "No Amplification": our NTC control must pass.
        const ok =
          call.call === 'No Amplification' &&
          result.suggestedDiagnosticId === GENOTYPE_DIAGNOSTIC_IDS.ntcPassed;
        if (!ok || result.resultState !== 'RESULT')
          disagreements.push(`${call.position} ${call.call} -> ${result.suggestedDiagnosticId}`);
        continue;
      }
      samples++;
      const expected =
        call.call === 'No Amplification' ? GENOTYPE_DIAGNOSTIC_IDS.noAmplification : EXPECTED[call.call];
      if (result.suggestedDiagnosticId !== expected) {
        disagreements.push(
          `${call.position} ${call.call} -> ${result.suggestedDiagnosticId} (ratio ${result.ratio})`,
        );
      }
    }
    expect(disagreements).toEqual([]);
    expect(samples).toBe(88);
  });
});
