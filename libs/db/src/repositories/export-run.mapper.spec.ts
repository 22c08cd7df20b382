import { effectiveResult } from '@amplio/exports';
import { channelOrder, type StoredRunForExport, toExportRun } from './export-run.mapper';

const at = new Date('2026-11-23T10:00:00Z');

function stored(): StoredRunForExport {
  return {
    laboratory: 'Lab',
    timeZone: 'Europe/Paris',
    businessId: 'RUN-1',
    fileName: 'f.xlsx',
    instrument: null,
    plateId: null,
    plateType: 'RECTANGULAR_96',
    runDate: null,
    importDate: at,
    analyser: 'QS7',
    status: 'APPROVED',
    kits: [{ name: 'Kit', version: '1.0', lots: ['L1'] }],
    interpreted: { name: 'Tess', at },
    statusChanges: {
      WAIT_FOR_APPROVAL: { name: 'Tess', at },
      APPROVED: { name: 'Dr A', at },
      REJECTED: { name: 'Dr R', at },
    },
    wells: [
      {
        id: 'w1',
        position: 'A1',
        name: null,
        sampleType: 'Sample',
        kit: 'Kit',
        kitVersion: '1.0',
        lot: 'L1',
        channels: [
          { dye: 'HEX', cq: null, endRfu: 5 },
          { dye: 'FAM', cq: 21.5, endRfu: 1000 },
        ],
        instrumentCq: { FAM: 21.4 },
        ratio: 0.5,
        suggested: { label: 'Healthy', color: '#00ff00' },
        override: { label: 'Sick', color: '#ff0000', by: 'Dr O', at },
      },
      {
        id: 'w2',
        position: 'A2',
        name: 'P2',
        sampleType: null,
        kit: null,
        kitVersion: null,
        lot: null,
        channels: [],
        instrumentCq: {},
        ratio: null,
        suggested: { label: 'Negative', color: '#888888' },
        override: null,
      },
    ],
    comments: [
      { wellId: null, author: 'Tess', at, text: 'run' },
      { wellId: 'w1', author: 'Tess', at, text: 'well' },
    ],
  };
}

const context = {
  locale: 'en-GB' as const,
  timeZone: 'UTC',
  exportedAt: at,
  exportedBy: 'Me',
  productVersion: '1.2.3',
};

describe('stored run to ExportRun (stored values only, never interpreted again)', () => {
  it('maps every stored value, the override as the effective result, comments by well', () => {
    const run = toExportRun(stored(), context);
    expect(run.wells[0]).toMatchObject({
      name: 'A1',
      channels: {
        FAM: { cq: 21.5, endRfu: 1000, instrumentCq: 21.4 },
        HEX: { cq: null, endRfu: 5, instrumentCq: null },
      },
      override: { result: { label: 'Sick', color: '#ff0000' }, by: 'Dr O', at },
      comments: [{ author: 'Tess', at, text: 'well' }],
    });
    expect(run.wells.map(effectiveResult)).toEqual([
      { label: 'Sick', color: '#ff0000' },
      { label: 'Negative', color: '#888888' },
    ]);
    expect(run.comments).toEqual([{ author: 'Tess', at, text: 'run' }]);
    expect(run.footer).toEqual({ exportedAt: at, exportedBy: 'Me', productVersion: '1.2.3' });
    expect([run.instrument, run.plateId]).toEqual(['', '']);
  });

  it('shows who approved an approved run and who rejected a rejected one, never both', () => {
    expect(toExportRun(stored(), context)).toMatchObject({ approvedBy: { name: 'Dr A' }, rejectedBy: null });
    expect(toExportRun({ ...stored(), status: 'REJECTED' }, context)).toMatchObject({
      approvedBy: null,
      rejectedBy: { name: 'Dr R' },
    });
    expect(toExportRun(stored(), context).submittedBy).toEqual({ name: 'Tess', at });
  });

  it('puts FAM first, then the channels in the order they appear', () => {
    expect(channelOrder(stored().wells)).toEqual(['FAM', 'HEX']);
  });
});
