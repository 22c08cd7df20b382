import { RunFileError } from '@amplio/domain';
import { utils, write } from '@e965/xlsx';
import { parsePlatePlan } from './plate-plan.parser';

const csv = (name: string, text: string) => ({ name, content: Buffer.from(text, 'utf8') });

describe('parsePlatePlan', () => {
  it('reads a CSV plan with zero-padded positions and sample-type aliases', () => {
    const plan = parsePlatePlan(
      csv(
        'plan.csv',
        'Position,Sample name,Sample type\nA01,Patient 1,SAMPLE\nA2,,NTC\nH12,PC-1,Positive control\n',
      ),
      'RECTANGULAR_96',
    );
    expect(plan).toEqual([
      { position: 'A1', sampleName: 'Patient 1', sampleType: 'SAMPLE' },
      { position: 'A2', sampleName: null, sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL' },
      { position: 'H12', sampleName: 'PC-1', sampleType: 'POSITIVE_CONTROL' },
    ]);
  });

  it('reads semicolon-separated plans and the first sheet of an XLSX', () => {
    expect(
      parsePlatePlan(
        csv('plan.csv', 'position;sample name;sample type\nB3;S2;BLANK_CONTROL\n'),
        'RECTANGULAR_96',
      ),
    ).toEqual([{ position: 'B3', sampleName: 'S2', sampleType: 'BLANK_CONTROL' }]);
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['Position', 'Sample name', 'Sample type'],
        ['P24', 'Last', 'SAMPLE'],
      ]),
      'Plan',
    );
    const content = Buffer.from(write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
    expect(parsePlatePlan({ name: 'plan.xlsx', content }, 'RECTANGULAR_384')).toEqual([
      { position: 'P24', sampleName: 'Last', sampleType: 'SAMPLE' },
    ]);
  });

  it('names the file and what is wrong', () => {
    const error = (text: string): RunFileError => {
      try {
        parsePlatePlan(csv('plan.csv', text), 'RECTANGULAR_96');
      } catch (caught) {
        if (caught instanceof RunFileError) return caught;
      }
      throw new Error('no RunFileError');
    };
    expect(error('well,name\nQ3,x\n').detail).toBe('plan.csv: well Q3 outside a 96-well plate');
    expect(error('name,type\nx,SAMPLE\n').detail).toBe(
      'plan.csv: column "position" missing in the header row',
    );
    expect(error('position,sample type\nA1,SOMETHING\n').detail).toBe(
      'plan.csv: unknown sample type "SOMETHING" at row 2',
    );
    expect(error('position\nA1\nA01\n').detail).toBe('plan.csv: well A1 appears twice (row 3)');
  });
});
