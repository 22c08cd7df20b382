import type {
  KitConfigurationDocument,
  KitConfigurationRepository,
  NewWellInterpretation,
  RunRepository,
  StoredDiagnostic,
  UserRepository,
} from '@amplio/db';
import type { Expression } from '@amplio/domain';
import type { EventPublisher } from '@amplio/events';
import { InterpretRunHandler } from './interpret-run.handler';

const expression = (
  leftVariable: string,
  operator: Expression['operator'],
  rightVariable: number,
): Expression => ({
  leftVariable,
  operator,
  rightVariable,
});
const diagnostic = (index: number, label: string, conditions: Expression[][]): StoredDiagnostic => ({
  id: `d${index}`,
  index,
  diagnosticType: 'RESULT',
  label,
  color: `#00000${index}`,
  validityType: 'VALID',
  controlSampleType: null,
  conditions: conditions.map((expressions) => ({ expressions })),
});

const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
/** A raw amplification curve crossing about `cq`, or a flat noisy one. */
const curve = (cq: number | null): number[] =>
  cycles.map((c, i) => 100 + (i % 3) * 0.5 + (cq === null ? 0 : 5000 / (1 + Math.exp(-(c - cq - 2) / 1.2))));

/** Per well and channel: the Cq its curve crosses about, null for a flat curve, or the reads themselves. */
type ChannelCurves = Record<string, Record<string, number | null | number[]>>;

function setup(
  channelsByWell: ChannelCurves,
  run: { parsedFormat: string; instrumentName: string | null; analyserId?: string } = {
    parsedFormat: 'rotorgene-rex',
    instrumentName: null,
  },
) {
  const wells = Object.keys(channelsByWell).map((position, index) => ({
    id: `w${index}`,
    position,
    sampleType: 'SAMPLE',
    kitVersionId: 'kv-1',
  }));
  const curves = wells.flatMap((well) =>
    Object.entries(channelsByWell[well.position]).map(([channel, cq]) => ({
      wellId: well.id,
      channel,
      kind: 'raw',
      cycles,
      fluorescence: Array.isArray(cq) ? cq : curve(cq),
      instrumentThreshold: null,
      instrumentBaselineStart: null,
      instrumentBaselineEnd: null,
    })),
  );
  const saved: NewWellInterpretation[] = [];
  const runs = {
    findRunById: jest.fn().mockResolvedValue({
      id: 'run-1',
      laboratoryId: 'lab-a',
      analyserId: 'qiagen-rotorgene',
      ...run,
    }),
    listWells: jest.fn().mockResolvedValue(wells),
    listCurves: jest.fn().mockResolvedValue(curves),
    saveInterpretation: jest.fn((_runId: string, _meta: unknown, rows: NewWellInterpretation[]) => {
      saved.push(...rows);
      return Promise.resolve();
    }),
  };
  const configuration: KitConfigurationDocument = {
    channels: [
      { channel: 'FAM', threshold: 500, analyserChannel: 'Green' },
      { channel: 'HEX', threshold: 500, analyserChannel: 'Yellow' },
    ],
    cqMethod: 'threshold',
    baseline: null,
    ratio: null,
    diagnostics: [
      diagnostic(0, 'Positive', [[expression('CQ FAM', '<', 38)]]),
      diagnostic(1, 'Negative', [[expression('CQ FAM', '>=', 38), expression('CQ HEX', '<', 36)]]),
      diagnostic(2, 'Invalid: internal control not amplified', [
        [expression('CQ FAM', '>=', 38), expression('CQ HEX', '>=', 36)],
      ]),
    ],
  };
  const configurations = {
    effectiveFor: jest.fn().mockResolvedValue({
      kitVersionId: 'kv-lab',
      kitAnalyser: { id: 'ka-1', configurationVersion: 3, configuration },
    }),
    recordRunConfigurations: jest.fn().mockResolvedValue(undefined),
  };
  const users = {
    findById: jest.fn().mockResolvedValue({ firstname: 'Tess', lastname: 'Technician', login: 'technician' }),
  };
  const events = { publish: jest.fn() };
  const sut = new InterpretRunHandler(
    runs as unknown as RunRepository,
    configurations as unknown as KitConfigurationRepository,
    users as unknown as UserRepository,
    events as unknown as EventPublisher,
  );
  return { sut, saved, configurations, runs };
}

describe('InterpretRunHandler with the kit configuration', () => {
  it('maps the analyser channels (Rotor-Gene Green/Yellow) to the kit channels and applies the diagnostics', async () => {
    const { sut, saved, configurations } = setup({
      A1: { 'Cycling A.Green': 22, 'Cycling A.Yellow': 28 },
      A2: { 'Cycling A.Green': null, 'Cycling A.Yellow': 28 },
      A3: { 'Cycling A.Green': null, 'Cycling A.Yellow': null },
    });
    await sut.handle({ runId: 'run-1', requestedById: 'u1', requestedByName: 'Tess' } as never);
    expect(configurations.effectiveFor).toHaveBeenCalledWith('kv-1', 'qiagen-rotorgene', 'lab-a');
    expect(saved.map((row) => [row.wellId, row.suggestedLabel])).toEqual([
      ['w0', 'Positive'],
      ['w1', 'Negative'],
      ['w2', 'Invalid: internal control not amplified'],
    ]);
    expect(saved[0].channels.map((channel) => channel.dye)).toEqual(['FAM', 'HEX']);
    expect(configurations.recordRunConfigurations).toHaveBeenCalledWith('run-1', 'Tess Technician', [
      { kitVersionId: 'kv-1', kitAnalyserId: 'ka-1', configurationVersion: 3 },
    ]);
  });

  it('answers a configuration error naming the kit channel no analyser channel carries, never a silent blank', async () => {
    const { sut, saved } = setup({ A1: { 'Cycling A.Green': 22 } });
    await sut.handle({ runId: 'run-1', requestedById: 'u1', requestedByName: 'Tess' } as never);
    expect(saved[0]).toMatchObject({
      resultState: 'NO_RESULT',
      suggestedDiagnosticId: null,
      reasonCode: 'CHANNEL_NOT_MAPPED',
      reasonParams: { channel: 'HEX' },
    });
  });
});

describe('InterpretRunHandler signal processing per instrument', () => {
  // Flat at 100 RFU, then one read far above the threshold (500) in the final cycle interval.
  const finalIntervalRise = cycles.map((c, i) => (c === 40 ? 1500 : 100 + (i % 3) * 0.5));
  const channels = { A1: { 'Cycling A.Green': finalIntervalRise, 'Cycling A.Yellow': 28 } };

  it('counts a crossing in the final cycle interval for a Bio-Rad CFX run exported as RDML (the file names the instrument)', async () => {
    const { sut, saved } = setup(channels, { parsedFormat: 'rdml', instrumentName: 'Bio-Rad CFX96' });
    await sut.handle({ runId: 'run-1', requestedById: 'u1', requestedByName: 'Tess' } as never);
    const fam = saved[0].channels.find((channel) => channel.dye === 'FAM');
    expect(fam?.cq).toBeGreaterThan(39);
    expect(fam?.cq).toBeLessThan(40);
  });

  it("counts it too for an RDML file from the laboratory's CFX analyser whose file names no CFX", async () => {
    const { sut, saved } = setup(channels, {
      parsedFormat: 'rdml',
      instrumentName: null,
      analyserId: 'biorad-cfx',
    });
    await sut.handle({ runId: 'run-1', requestedById: 'u1', requestedByName: 'Tess' } as never);
    expect(saved[0].channels.find((channel) => channel.dye === 'FAM')?.cq).toBeGreaterThan(39);
  });

  it('asks for a confirming read after the crossing on other instruments (no Cq in the final interval)', async () => {
    const { sut, saved } = setup(channels, { parsedFormat: 'rdml', instrumentName: 'LightCycler 480' });
    await sut.handle({ runId: 'run-1', requestedById: 'u1', requestedByName: 'Tess' } as never);
    expect(saved[0].channels.find((channel) => channel.dye === 'FAM')?.cq).toBeNull();
  });
});
