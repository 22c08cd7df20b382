import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { seededRandom } from '../seeded-random';

export const FIXTURES = '/work/shared/fixtures';
export const GENOTYPING_96 = `${FIXTURES}/thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx`;

const ROWS_384 = 'ABCDEFGHIJKLMNOP';

/** 96-well position ("C7") and one of its four quadrants (0..3) to a 384-well position ("F13"). */
function position384(position: string, quadrant: number): string {
  const row = position.charCodeAt(0) - 65;
  const column = Number(position.slice(1)) - 1;
  const row384 = row * 2 + (quadrant >> 1);
  const column384 = column * 2 + (quadrant & 1);
  return `${ROWS_384[row384]}${column384 + 1}`;
}

/**
 * A real-sized 384-well QuantStudio Design & Analysis workbook: the 96-well genotyping example
 * (every sheet: metadata, Results, Amplification Data, Multicomponent, Raw Data...) with each well
 * copied into the four 384-well positions of its quadrant (the copies' Rn and dRn moved by up to
 * +-0.5 %), and the 384-well block declared. The curves are the real ones, so the demo kit (FAM/VIC
 * genotyping) interprets every well.
 */
export function quantStudio384Workbook(): { name: string; content: Buffer } {
  // Generating takes seconds: kept under .tmp/ (not committed) while the source fixture is unchanged.
  const cache = join(
    process.cwd(),
    '.tmp',
    'bench-fixtures',
    `QS7Pro_Genotyping_384-v2-${statSync(GENOTYPING_96).mtimeMs}.xlsx`,
  );
  if (existsSync(cache)) return { name: NAME_384, content: readFileSync(cache) };
  const content = generate();
  mkdirSync(join(process.cwd(), '.tmp', 'bench-fixtures'), { recursive: true });
  writeFileSync(cache, content);
  return { name: NAME_384, content };
}

const NAME_384 = 'QS7Pro_Genotyping_384.xlsx';

function generate(): Buffer {
  const random = seededRandom(384);
  const source = XLSX.read(readFileSync(GENOTYPING_96), { type: 'buffer', dense: true });
  const target = XLSX.utils.book_new();
  for (const name of source.SheetNames) {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(source.Sheets[name], {
      header: 1,
      raw: true,
      defval: null,
      blankrows: true,
    });
    const headerIndex = rows.findIndex((row) => row.includes('Well Position'));
    const out: unknown[][] = [];
    rows.forEach((row, index) => {
      if (row[0] === 'Block Type') {
        out.push(['Block Type', '384-Well Block', ...row.slice(2)]);
        return;
      }
      if (headerIndex < 0 || index <= headerIndex) {
        out.push(row);
        return;
      }
      const header = rows[headerIndex];
      const wellColumn = header.indexOf('Well');
      const positionColumn = header.indexOf('Well Position');
      const readColumns = ['Rn', 'dRn'].map((name) => header.indexOf(name)).filter((column) => column >= 0);
      const position = row[positionColumn];
      if (typeof position !== 'string' || !/^[A-H]\d{1,2}$/.test(position)) {
        out.push(row);
        return;
      }
      for (let quadrant = 0; quadrant < 4; quadrant += 1) {
        const copy = [...row];
        const moved = position384(position, quadrant);
        copy[positionColumn] = moved;
        if (wellColumn >= 0) copy[wellColumn] = (moved.charCodeAt(0) - 65) * 24 + Number(moved.slice(1));
        // The copies are not byte-identical curves: each read of quadrants 1-3 moves by up to
        // +-0.5 %, as replicate wells do, so a 384-well chart compresses like a real one (identical
        // copies side by side let gzip shrink it by about 40 %).
        if (quadrant > 0)
          for (const column of readColumns)
            if (typeof copy[column] === 'number') copy[column] = copy[column] * (1 + 0.01 * (random() - 0.5));
        out.push(copy);
      }
    });
    XLSX.utils.book_append_sheet(target, XLSX.utils.aoa_to_sheet(out), name);
  }
  return XLSX.write(target, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
