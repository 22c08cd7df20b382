import { allPositions, type PlateType } from '@amplio/domain';
import type { ExportLocale, ExportResult, ExportRun, ExportWell } from '../export-run';

/** Results of the generated kit, with their colours. */
export const GENERATED_RESULTS = {
  healthy: { label: 'Healthy', color: '#2E7D32' },
  sick: { label: 'Sick', color: '#C62828' },
  invalid: { label: 'Invalid', color: '#9E9E9E' },
  heterozygous: { label: 'Heterozygous 13910', color: '#F9A825' },
} satisfies Record<string, ExportResult>;

/** Deterministic pseudo-random numbers (LCG), so every generated run is the same. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const at = (iso: string): Date => new Date(iso);

/** Hard cases placed on fixed wells: quotes, separators, line breaks, formula-looking text, accents. */
function special(well: ExportWell): void {
  switch (well.position) {
    case 'A1':
      well.name = 'Patient "Jean", Dupont; | sep';
      well.comments.push({
        author: 'Zoë Lefèvre',
        at: at('2026-11-20T09:15:00Z'),
        text: 'Line one\r\nline two, "quoted"',
      });
      break;
    case 'A2':
      well.name = '=HYPERLINK("http://evil.example","x")';
      well.sampleType = '+SAMPLE';
      well.lot = '-2+3';
      well.comments.push({ author: '@admin', at: at('2026-11-20T09:16:00Z'), text: '=1+2' });
      break;
    case 'A3':
      well.name = '\tTabbed';
      well.kitVersion = '\rCR version';
      break;
    case 'A4':
      well.name = 'Élodie Müller-Çağlar ñ';
      well.channels = {
        FAM: { cq: 1.005, endRfu: -12.345, instrumentCq: 1.015 },
        HEX: { cq: 31.499999, endRfu: -0.004 },
      };
      well.ratio = -0.123456785;
      break;
    case 'A5':
      well.channels = {
        FAM: { cq: null, endRfu: 3.14159, instrumentCq: null },
        HEX: { cq: 25, endRfu: 1000 },
      };
      well.ratio = null;
      well.suggestedResult = null;
      break;
    case 'B1':
      well.override = { result: GENERATED_RESULTS.sick, by: 'Dr Ève Martin', at: at('2026-11-21T16:45:00Z') };
      well.comments.push({
        author: 'Dr Ève Martin',
        at: at('2026-11-21T16:46:00Z'),
        text: 'Checked; curve late',
      });
      well.comments.push({ author: 'Tech', at: at('2026-11-21T17:00:00Z'), text: '- second comment' });
      break;
    default:
      break;
  }
}

/**
 * A fixed run for tests and benches: every position of the plate, two channels (FAM with the
 * instrument's Cq, HEX without), overrides, comments and the hard cases of `special`.
 */
export function generateExportRun(
  plateType: PlateType = 'RECTANGULAR_96',
  locale: ExportLocale = 'en-GB',
  seed = 7,
): ExportRun {
  const next = random(seed);
  const results = Object.values(GENERATED_RESULTS);
  const wells = allPositions(plateType).map((position, index): ExportWell => {
    const negative = next() < 0.3;
    const famCq = negative ? null : 18 + next() * 20;
    const famRfu = negative ? next() * 50 - 25 : 1000 + next() * 9000;
    const hexRfu = 500 + next() * 4000;
    const well: ExportWell = {
      id: `well-${index + 1}`,
      position,
      name: `S-${String(index + 1).padStart(3, '0')}`,
      sampleType: index % 24 === 23 ? 'POSITIVE_CONTROL' : 'SAMPLE',
      kit: 'LCT Genotyping',
      kitVersion: '2.1',
      lot: index % 2 === 0 ? 'LOT-A17' : 'LOT-B03',
      channels: {
        FAM: { cq: famCq, endRfu: famRfu, instrumentCq: famCq === null ? null : famCq + 0.1234 },
        HEX: { cq: 20 + next() * 10, endRfu: hexRfu },
      },
      ratio: famRfu / hexRfu,
      suggestedResult: results[Math.floor(next() * results.length)],
      override:
        index % 17 === 5
          ? { result: GENERATED_RESULTS.invalid, by: 'Dr Ève Martin', at: at('2026-11-21T16:40:00Z') }
          : null,
      comments: [],
    };
    special(well);
    return well;
  });
  return {
    locale,
    timeZone: 'Europe/Paris',
    laboratory: 'Laboratoire Saint-Éloi, "Biologie"',
    businessId: 'RUN/2026:0042',
    fileName: 'plate 42 (final).eds',
    instrument: 'QuantStudio 5',
    plateId: 'PL#42 é',
    plateType,
    runDate: at('2026-11-19T08:30:00Z'),
    importDate: at('2026-11-19T10:02:00Z'),
    analyser: 'QuantStudio Design & Analysis',
    kits: [{ name: 'LCT Genotyping', version: '2.1', lots: ['LOT-A17', 'LOT-B03'] }],
    interpretedBy: { name: 'Ana Técnica', at: at('2026-11-19T10:05:00Z') },
    submittedBy: { name: 'Ana Técnica', at: at('2026-11-20T11:00:00Z') },
    approvedBy: { name: 'Dr Ève Martin', at: at('2026-11-21T17:30:00Z') },
    rejectedBy: null,
    status: 'APPROVED',
    channels: ['FAM', 'HEX'],
    wells,
    comments: [
      { author: 'Ana Técnica', at: at('2026-11-20T10:59:00Z'), text: 'Run OK, "controls" fine;\nsee B1' },
      { author: 'Dr Ève Martin', at: at('2026-11-21T17:29:00Z'), text: '+ approved after review' },
    ],
    footer: { exportedAt: at('2026-11-23T19:07:00Z'), exportedBy: 'Dr Ève Martin', productVersion: '0.1.0' },
  };
}
