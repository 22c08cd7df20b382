import type { ParsedRun } from '@amplio/domain';
import { interpretRun } from './interpret';
import { wellInputsFromParsedRun } from './parsed-run-input';
import { logisticCurve } from './test-factories';

function parsedRun(format: string): ParsedRun {
  const channel = (dye: string, threshold: number | null) => ({
    dye,
    curve: logisticCurve({ midpoint: 22, kind: 'baseline-corrected', baseline: 0 }),
    instrumentCq: 21,
    instrumentThreshold: threshold,
    instrumentBaseline: { start: 3, end: 15 },
    instrumentCall: null,
  });
  return {
    format,
    plateType: 'RECTANGULAR_96',
    instrumentName: null,
    serialNumber: null,
    runDate: null,
    cycleCount: 40,
    channels: [
      { dye: 'FAM', originalName: 'FAM' },
      { dye: 'VIC', originalName: 'VIC' },
    ],
    wells: [
      {
        position: 'A1',
        sampleName: 'S1',
        sampleRole: 'UNKNOWN',
        channels: { VIC: channel('VIC', 80), FAM: channel('FAM', 120) },
      },
      { position: 'A2', sampleName: null, sampleRole: null, channels: { FAM: channel('FAM', null) } },
    ],
  };
}

describe('wellInputsFromParsedRun', () => {
  it('orders channels as the run, carries instrument threshold/baseline and the format signal processing', () => {
    const inputs = wellInputsFromParsedRun(parsedRun('thermo-quantstudio-da-xlsx'), () => 'SAMPLE');
    expect(inputs.map((w) => w.channels.map((c) => c.dye))).toEqual([['FAM', 'VIC'], ['FAM']]);
    expect(inputs[0].channels[0]).toMatchObject({
      instrumentThreshold: 120,
      instrumentBaseline: { start: 3, end: 15 },
      signalProcessing: 'quantstudio',
    });
    const results = interpretRun(inputs, {
      channels: [],
      cqMethod: 'threshold',
      baseline: null,
      ratio: null,
      diagnostics: [],
    });
    expect(results[0].channels[0].thresholdSource).toBe('instrument');
    expect(results[0].channels[0].threshold).toBe(120);
  });
  it('leaves out wells without sample type and uses no smoothing for other formats', () => {
    const inputs = wellInputsFromParsedRun(parsedRun('rdml'), (w) =>
      w.position === 'A1' ? 'POSITIVE_CONTROL' : null,
    );
    expect(inputs).toHaveLength(1);
    expect(inputs[0].sampleType).toBe('POSITIVE_CONTROL');
    expect(inputs[0].channels[0].signalProcessing).toBe('none');
  });
});
