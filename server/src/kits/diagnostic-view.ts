import type { StoredDiagnostic } from '@amplio/db';
import type { ConditionDto } from '../kit-configuration/dto/condition.dto';
import type { ControlDto } from '../kit-configuration/dto/control.dto';

/** SPEC 3's diagnostic result as the API shows it: the control's details nested, the conditions as stored. */
export interface DiagnosticView {
  id: string;
  index: number;
  diagnosticType: string;
  label: string;
  color: string;
  validityType: string;
  control: ControlDto | null;
  conditions: ConditionDto[];
}

export function diagnosticView(d: StoredDiagnostic): DiagnosticView {
  return {
    id: d.id,
    index: d.index,
    diagnosticType: d.diagnosticType,
    label: d.label,
    color: d.color,
    validityType: d.validityType,
    control:
      d.diagnosticType === 'CONTROL'
        ? { controlType: d.controlType ?? 'KIT', barCode: d.barCode ?? null, sampleType: d.controlSampleType }
        : null,
    conditions: d.conditions.map((c) => ({ expressions: c.expressions.map((e) => ({ ...e })) })),
  };
}
