import { canChangeDiagnostic, canDeleteRun, canSaveComment } from './review-rules';

describe('run interpretation review rules', () => {
  const well = {
    effective: { id: 'healthy', label: 'Healthy', color: '#0f0', validityType: 'VALID' as const },
  };
  it('changes a diagnostic only for one well, with rights, to a different value', () => {
    expect(canChangeDiagnostic(1, true, well, 'sick')).toBe(true);
    expect(canChangeDiagnostic(1, true, well, 'healthy')).toBe(false);
    expect(canChangeDiagnostic(2, true, well, 'sick')).toBe(false);
    expect(canChangeDiagnostic(1, false, well, 'sick')).toBe(false);
    expect(canChangeDiagnostic(1, true, well, null)).toBe(false);
  });
  it('deletes per SPEC 4 status and role', () => {
    expect(canDeleteRun('RUN_TO_INTERPRET', false)).toBe(true);
    expect(canDeleteRun('WAIT_FOR_APPROVAL', false)).toBe(false);
    expect(canDeleteRun('WAIT_FOR_APPROVAL', true)).toBe(true);
    expect(canDeleteRun('APPROVED', true)).toBe(false);
    expect(canDeleteRun('REJECTED', true)).toBe(false);
  });
  it('saves a comment only with text', () => {
    expect(canSaveComment('  ')).toBe(false);
    expect(canSaveComment(' ok ')).toBe(true);
  });
});
