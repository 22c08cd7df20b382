import { RunFileError, type ParsedRun, type RunFile } from '@amplio/domain';
import { parseRunFiles } from './index';
import { fixtureFile } from './testing/fixture-files';

jest.setTimeout(60_000);

/**
 * Bad readings never crash a parser: NaN, negative and saturated readings and runs of fewer than
 * 10 cycles are kept as read (NaN, the instrument's "no reading", leaves the point out) so that the
 * interpretation flags the well; a file that repeats a cycle for one well is malformed and is
 * refused with errorImportInvalidFile naming the well and cycle.
 */
interface Family {
  name: string;
  file: string;
  /** First data line index, the column edited, the delimiter. */
  layout: (lines: string[]) => {
    dataStart: number;
    valueColumn: number;
    cycleColumn: number;
    delimiter: string;
  };
  /** What a NaN reading gives: the point left out, or the file refused. */
  nan: 'left-out' | 'refused';
}

const FAMILIES: Family[] = [
  {
    name: 'CFX amplification CSV',
    file: 'biorad-cfx/covmatic-simulated/Data_21-10-2020_22-33-14 -  Quantification Amplification Results_FAM.csv',
    layout: () => ({ dataStart: 1, valueColumn: 2, cycleColumn: 1, delimiter: ',' }),
    nan: 'left-out',
  },
  {
    name: 'QuantStudio text export',
    file: 'thermo-quantstudio/appbio_quantstudio_example02.txt',
    layout: (lines) => ({
      dataStart: lines.indexOf('[Amplification Data]') + 2,
      valueColumn: 4,
      cycleColumn: 1,
      delimiter: '\t',
    }),
    nan: 'left-out',
  },
  {
    name: 'LightCycler 480 raw data',
    file: 'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt',
    layout: () => ({ dataStart: 2, valueColumn: 7, cycleColumn: 4, delimiter: '\t' }),
    nan: 'refused',
  },
];

function derived(
  family: Family,
  edit: (lines: string[], layout: ReturnType<Family['layout']>) => string[],
): RunFile {
  const original = fixtureFile(family.file);
  const lines = original.content.toString('utf8').split(/\r?\n/);
  return { name: original.name, content: Buffer.from(edit(lines, family.layout(lines)).join('\n'), 'utf8') };
}

function setCell(line: string, column: number, value: string, delimiter: string): string {
  const cells = line.split(delimiter);
  cells[column] = value;
  return cells.join(delimiter);
}

/** Parses; the only failure allowed is a RunFileError. */
async function outcome(file: RunFile): Promise<ParsedRun | RunFileError> {
  try {
    return await parseRunFiles([file]);
  } catch (error) {
    if (error instanceof RunFileError) return error;
    throw error;
  }
}

function allValues(run: ParsedRun): number[] {
  return run.wells.flatMap((well) =>
    Object.values(well.channels).flatMap((entry) => entry.curve?.fluorescence ?? []),
  );
}

describe.each(FAMILIES)('$name: bad readings', (family) => {
  const edit = (values: string[]) =>
    derived(family, (lines, { dataStart, valueColumn, delimiter }) =>
      lines.map((line, index) =>
        index >= dataStart && index < dataStart + values.length
          ? setCell(line, valueColumn, values[index - dataStart], delimiter)
          : line,
      ),
    );

  it('keeps negative and saturated readings as read', async () => {
    const run = await outcome(edit(['-12.5', '1e12']));
    expect(run).not.toBeInstanceOf(RunFileError);
    const values = allValues(run as ParsedRun);
    expect(values).toContain(-12.5);
    expect(values).toContain(1e12);
  });

  it('a NaN reading: the point left out, or the file refused with a clear key', async () => {
    const result = await outcome(edit(['NaN']));
    if (family.nan === 'refused') {
      expect(result).toBeInstanceOf(RunFileError);
      expect((result as RunFileError).key).toBe('errorImportInvalidFile');
      expect((result as RunFileError).detail).toMatch(/not a number/);
    } else {
      expect(result).not.toBeInstanceOf(RunFileError);
      expect(allValues(result as ParsedRun).every(Number.isFinite)).toBe(true);
    }
  });

  it('refuses a cycle repeated for one well, naming it', async () => {
    const file = derived(family, (lines, { dataStart }) => [
      ...lines.slice(0, dataStart + 1),
      lines[dataStart],
      ...lines.slice(dataStart + 1),
    ]);
    const result = await outcome(file);
    expect(result).toBeInstanceOf(RunFileError);
    expect((result as RunFileError).key).toBe('errorImportInvalidFile');
    expect((result as RunFileError).detail).toMatch(/repeated|twice/);
  });

  it('reads a run of fewer than 10 cycles as it is', async () => {
    const file = derived(family, (lines, { dataStart, cycleColumn, delimiter }) =>
      lines.filter((line, index) => {
        if (index < dataStart || line.trim() === '' || line.startsWith('[')) return true;
        const cycle = Number(line.split(delimiter)[cycleColumn]);
        return !Number.isFinite(cycle) || cycle <= 5;
      }),
    );
    const run = await outcome(file);
    expect(run).not.toBeInstanceOf(RunFileError);
    expect((run as ParsedRun).cycleCount).toBe(5);
  });
});
