import type { DiagnosticDefinition } from '@amplio/domain';
import { canDeleteRun, canEditComment, canUpdateRun, offeredDiagnostics, overrideRefusal } from './run-rules';

const diagnostic = (
  id: string,
  index: number,
  diagnosticType: 'RESULT' | 'CONTROL',
  validityType: 'VALID' | 'INVALID',
  controlSampleType: DiagnosticDefinition['controlSampleType'] = null,
): DiagnosticDefinition => ({
  id,
  index,
  diagnosticType,
  label: id,
  color: '#000000',
  validityType,
  controlSampleType,
  conditions: [],
});

const KIT = [
  diagnostic('healthy', 2, 'RESULT', 'VALID'),
  diagnostic('sick', 1, 'RESULT', 'VALID'),
  diagnostic('abnormal', 3, 'RESULT', 'INVALID'),
  diagnostic('pc-ok', 4, 'CONTROL', 'VALID', 'POSITIVE_CONTROL'),
  diagnostic('pc-ko', 5, 'CONTROL', 'INVALID', 'POSITIVE_CONTROL'),
  diagnostic('nc-ok', 6, 'CONTROL', 'VALID', 'NEGATIVE_AMPLIFICATION_CONTROL'),
];

describe('offeredDiagnostics (SPEC 5 "Interpretation")', () => {
  it('offers a sample well the non-control and abnormal diagnostics, in kit order, without its current one', () => {
    expect(offeredDiagnostics(KIT, 'SAMPLE', 'healthy').map((d) => d.id)).toEqual([
      'sick',
      'abnormal',
      'pc-ko',
    ]);
  });

  it("offers a control well only its own type's control diagnostics plus the abnormal ones", () => {
    expect(offeredDiagnostics(KIT, 'POSITIVE_CONTROL', 'pc-ok').map((d) => d.id)).toEqual([
      'abnormal',
      'pc-ko',
    ]);
    expect(offeredDiagnostics(KIT, 'NEGATIVE_AMPLIFICATION_CONTROL', null).map((d) => d.id)).toEqual([
      'abnormal',
      'pc-ko',
      'nc-ok',
    ]);
  });

  it('treats a blank well as a sample well (the blank is not a control well)', () => {
    expect(offeredDiagnostics(KIT, 'BLANK_CONTROL', null).map((d) => d.id)).toEqual([
      'sick',
      'healthy',
      'abnormal',
      'pc-ko',
    ]);
  });
});

describe('run update and delete rules (SPEC 4)', () => {
  it('lets anyone update at RUN_TO_INTERPRET, only a physician at WAIT_FOR_APPROVAL, nobody after', () => {
    expect(canUpdateRun(['TECHNICIAN'], 'RUN_TO_INTERPRET')).toBe(true);
    expect(canUpdateRun(['TECHNICIAN'], 'WAIT_FOR_APPROVAL')).toBe(false);
    expect(canUpdateRun(['WRITE_DIAGNOSTIC'], 'WAIT_FOR_APPROVAL')).toBe(true);
    expect(canUpdateRun(['WRITE_DIAGNOSTIC', 'SUPER_ADMIN'], 'APPROVED')).toBe(false);
    expect(canUpdateRun(['WRITE_DIAGNOSTIC'], 'REJECTED')).toBe(false);
  });

  it('never deletes APPROVED or REJECTED; a non-physician only at RUN_TO_INTERPRET', () => {
    expect(canDeleteRun(['TECHNICIAN'], 'RUN_TO_INTERPRET')).toBe(true);
    expect(canDeleteRun(['ADMIN'], 'WAIT_FOR_APPROVAL')).toBe(false);
    expect(canDeleteRun(['WRITE_DIAGNOSTIC'], 'WAIT_FOR_APPROVAL')).toBe(true);
    expect(canDeleteRun(['WRITE_DIAGNOSTIC', 'SUPER_ADMIN'], 'APPROVED')).toBe(false);
    expect(canDeleteRun(['WRITE_DIAGNOSTIC'], 'REJECTED')).toBe(false);
  });
});

describe('overrideRefusal (SPEC 5)', () => {
  const base = { wellCount: 1, canUpdate: true, currentId: 'healthy', newId: 'sick', offeredIds: ['sick'] };
  it('allows one well, with rights, to a different offered value', () => {
    expect(overrideRefusal(base)).toBeNull();
  });
  it('refuses without rights, for several wells, for the same value, or one not offered', () => {
    expect(overrideRefusal({ ...base, canUpdate: false })).toBe('forbidden');
    expect(overrideRefusal({ ...base, wellCount: 2 })).toBe('one-well');
    expect(overrideRefusal({ ...base, newId: 'healthy' })).toBe('unchanged');
    expect(overrideRefusal({ ...base, newId: 'pc-ok' })).toBe('not-offered');
  });
});

describe('canEditComment (SPEC 4)', () => {
  it('lets only the author edit', () => {
    expect(canEditComment({ authorId: 'a' }, 'a')).toBe(true);
    expect(canEditComment({ authorId: 'a' }, 'b')).toBe(false);
  });
});
