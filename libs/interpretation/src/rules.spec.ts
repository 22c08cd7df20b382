import type { Condition, DiagnosticDefinition, Expression, ExpressionOperator } from '@amplio/domain';
import fc from 'fast-check';
import {
  diagnosticMatches,
  evaluateExpression,
  firstMatchingDiagnostic,
  rfuRatio,
  type RuleValues,
} from './rules';

const operators: ExpressionOperator[] = ['=', '>', '>=', '<', '<='];
const cqArbitrary = fc.option(fc.double({ min: 1, max: 50, noNaN: true }), { nil: null });

function values(fam: number | null, hex: number | null = 20, endFam = 100, endHex = 50): RuleValues {
  return {
    channels: [
      { dye: 'FAM', cq: fam, endRfu: endFam },
      { dye: 'HEX', cq: hex, endRfu: endHex },
    ],
  };
}

function reference(cq: number | null, operator: ExpressionOperator, right: number): boolean {
  if (cq === null) return operator === '>' || operator === '>=';
  switch (operator) {
    case '=':
      return Math.abs(cq - right) <= 1e-9 * Math.max(1, Math.abs(right));
    case '>':
      return cq > right;
    case '>=':
      return cq >= right;
    case '<':
      return cq < right;
    case '<=':
      return cq <= right;
  }
}

describe('rules', () => {
  it('a Cq expression holds exactly as the comparison does, no Cq being later than every cycle', () => {
    fc.assert(
      fc.property(
        cqArbitrary,
        fc.constantFrom(...operators),
        fc.double({ min: 0, max: 60, noNaN: true }),
        (cq, operator, right) => {
          const expression: Expression = { leftVariable: 'CQ FAM', operator, rightVariable: right };
          expect(evaluateExpression(expression, values(cq))).toBe(reference(cq, operator, right));
        },
      ),
    );
  });

  it('conditions are AND of expressions, diagnostics OR of conditions', () => {
    const expression = fc.record({
      leftVariable: fc.constantFrom('CQ FAM', 'CQ HEX'),
      operator: fc.constantFrom(...operators),
      rightVariable: fc.double({ min: 0, max: 60, noNaN: true }),
    });
    const condition = fc.record({ expressions: fc.array(expression, { minLength: 1, maxLength: 4 }) });
    fc.assert(
      fc.property(
        fc.array(condition, { minLength: 1, maxLength: 4 }),
        cqArbitrary,
        cqArbitrary,
        (conditions: Condition[], fam, hex) => {
          const v = values(fam, hex);
          const diagnostic: DiagnosticDefinition = {
            id: 'd',
            index: 0,
            diagnosticType: 'RESULT',
            label: 'd',
            color: '#000',
            validityType: 'VALID',
            controlSampleType: null,
            conditions,
          };
          const expected = conditions.some((c) =>
            c.expressions.every((e) =>
              reference(e.leftVariable === 'CQ FAM' ? fam : hex, e.operator, e.rightVariable),
            ),
          );
          expect(diagnosticMatches(diagnostic, v)).toBe(expected);
        },
      ),
    );
  });

  it('an empty condition or a diagnostic without conditions never matches', () => {
    const base = {
      id: 'd',
      index: 0,
      diagnosticType: 'RESULT' as const,
      label: 'd',
      color: '#000',
      validityType: 'VALID' as const,
      controlSampleType: null,
    };
    expect(diagnosticMatches({ ...base, conditions: [] }, values(20))).toBe(false);
    expect(diagnosticMatches({ ...base, conditions: [{ expressions: [] }] }, values(20))).toBe(false);
  });

  it('reads the ratio variable with aliases and is false when it is undefined', () => {
    expect(rfuRatio(values(20, 20, 100, 50), 'FAM', 'VIC')).toBe(2);
    const ratio = (v: RuleValues, right: number) =>
      evaluateExpression({ leftVariable: 'RFU FAM/HEX ratio', operator: '>', rightVariable: right }, v);
    expect(ratio(values(20, 20, 100, 50), 1.5)).toBe(true);
    expect(ratio(values(20, 20, 100, 0), -1e9)).toBe(false);
    expect(evaluateExpression({ leftVariable: 'CQ CY5', operator: '>', rightVariable: 1 }, values(20))).toBe(
      false,
    );
    expect(
      evaluateExpression({ leftVariable: 'TEMPERATURE', operator: '>', rightVariable: 1 }, values(20)),
    ).toBe(false);
  });

  it('takes the first matching diagnostic by index among the ones for the sample type', () => {
    const d = (
      id: string,
      index: number,
      partial: Partial<DiagnosticDefinition> = {},
    ): DiagnosticDefinition => ({
      id,
      index,
      diagnosticType: 'RESULT',
      label: id,
      color: '#000',
      validityType: 'VALID',
      controlSampleType: null,
      conditions: [{ expressions: [{ leftVariable: 'CQ FAM', operator: '<', rightVariable: 40 }] }],
      ...partial,
    });
    const list = [
      d('late', 5),
      d('early', 1),
      d('control', 0, { diagnosticType: 'CONTROL', controlSampleType: 'POSITIVE_CONTROL' }),
    ];
    expect(firstMatchingDiagnostic(list, 'SAMPLE', values(20))?.id).toBe('early');
    expect(firstMatchingDiagnostic(list, 'POSITIVE_CONTROL', values(20))?.id).toBe('control');
    expect(firstMatchingDiagnostic(list, 'NEGATIVE_EXTRACTION_CONTROL', values(20))).toBeNull();
    expect(firstMatchingDiagnostic(list, 'BLANK_CONTROL', values(20))).toBeNull();
  });
});
