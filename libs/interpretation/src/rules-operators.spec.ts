import type { DiagnosticDefinition, ExpressionOperator } from '@amplio/domain';
import { diagnosticMatches, evaluateExpression, type RuleValues } from './rules';
import { diagnostic, expression } from './test-factories';

/** CQ FAM 30, CQ HEX 25, RFU FAM/HEX ratio 2 (end RFU 400 / 200). */
const well: RuleValues = {
  channels: [
    { dye: 'FAM', cq: 30, endRfu: 400 },
    { dye: 'HEX', cq: 25, endRfu: 200 },
  ],
};

const EXPECTED: Record<ExpressionOperator, [boolean, boolean, boolean]> = {
  // [value below the right side, equal to it, above it]
  '=': [false, true, false],
  '>': [true, false, false],
  '>=': [true, true, false],
  '<': [false, false, true],
  '<=': [false, true, true],
};

describe('rules engine: every operator on every variable', () => {
  describe.each<[string, number]>([
    ['CQ FAM', 30],
    ['CQ HEX', 25],
    ['RFU FAM/HEX ratio', 2],
  ])('%s (value %d)', (variable, value) => {
    it.each(Object.entries(EXPECTED))('operator %s', (operator, [above, equal, below]) => {
      const op = operator as ExpressionOperator;
      expect(evaluateExpression(expression(variable, op, value - 1), well)).toBe(above);
      expect(evaluateExpression(expression(variable, op, value), well)).toBe(equal);
      expect(evaluateExpression(expression(variable, op, value + 1), well)).toBe(below);
    });
  });

  it('expressions are joined by AND, conditions by OR', () => {
    const both: DiagnosticDefinition = diagnostic({
      id: 'and',
      conditions: [
        { expressions: [expression('CQ FAM', '<', 35), expression('RFU FAM/HEX ratio', '>=', 2)] },
      ],
    });
    const oneFails = diagnostic({
      id: 'and-fails',
      conditions: [{ expressions: [expression('CQ FAM', '<', 35), expression('CQ HEX', '>', 30)] }],
    });
    const either = diagnostic({
      id: 'or',
      conditions: [
        { expressions: [expression('CQ HEX', '>', 30)] },
        { expressions: [expression('RFU FAM/HEX ratio', '=', 2)] },
      ],
    });
    const neither = diagnostic({
      id: 'or-fails',
      conditions: [
        { expressions: [expression('CQ HEX', '>', 30)] },
        { expressions: [expression('CQ FAM', '<=', 29)] },
      ],
    });
    expect(diagnosticMatches(both, well)).toBe(true);
    expect(diagnosticMatches(oneFails, well)).toBe(false);
    expect(diagnosticMatches(either, well)).toBe(true);
    expect(diagnosticMatches(neither, well)).toBe(false);
  });
});
