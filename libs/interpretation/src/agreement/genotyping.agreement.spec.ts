import type { SampleType } from '@amplio/domain';
import { GENOTYPE_DIAGNOSTIC_IDS, genotypingDemoConfiguration } from '../genotyping-configuration';
import { interpretRun, type WellResult } from '../interpret';
import type { SignalProcessing } from '../signal-processing';
import { cell, readQuantStudioRun, readWorkbookTable } from './fixture-readers';

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

function thermoCalls(): ThermoCall[] {
  return readWorkbookTable(`thermo-quantstudio/${FILE}`, 'Genotyping Result').map((r) => ({
    position: cell(r, 'Well Position'),
    task: cell(r, 'Task'),
    call: cell(r, 'Call'),
  }));
}

function sampleTypeOf(task: string): SampleType {
  return task === 'Negative Control' ? 'NEGATIVE_AMPLIFICATION_CONTROL' : 'SAMPLE';
}

function interpret(
  signalProcessing: SignalProcessing,
  withConfiguredThresholds: boolean,
): Map<string, WellResult> {
  const calls = new Map(thermoCalls().map((c) => [c.position, c]));
  const { wells } = readQuantStudioRun(FILE, signalProcessing);
  const typed = wells.map((w) => ({ ...w, sampleType: sampleTypeOf(calls.get(w.position)?.task ?? '') }));
  const configuration = withConfiguredThresholds
    ? genotypingDemoConfiguration
    : { ...genotypingDemoConfiguration, channels: [] };
  return new Map(interpretRun(typed, configuration).map((r) => [r.position, r]));
}

describe('QS7Pro genotyping agreement with Thermo calls', () => {
  const calls = thermoCalls();

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
    const results = interpret(signalProcessing, configured);
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
