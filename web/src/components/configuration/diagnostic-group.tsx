import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLOURS } from './colour-palette';
import { type Diagnostic, DiagnosticRow } from './diagnostic-row';

export type GroupKind = 'results' | 'kitControls' | 'laboratoryControls';

export function groupOf(diagnostic: Diagnostic): GroupKind {
  if (diagnostic.diagnosticType !== 'CONTROL') return 'results';
  return diagnostic.control?.controlType === 'INTERNAL' ? 'laboratoryControls' : 'kitControls';
}

/** A new row, with the first default colour no other diagnostic uses. */
export function newDiagnostic(kind: GroupKind, usedColours: readonly string[] = []): Diagnostic {
  const used = new Set(usedColours.map((colour) => colour.toLowerCase()));
  const color = DEFAULT_COLOURS.find((colour) => !used.has(colour)) ?? '';
  const base: Diagnostic = { label: '', color, validityType: 'VALID', conditions: [] };
  if (kind === 'results') return { ...base, diagnosticType: 'RESULT', control: null };
  return {
    ...base,
    diagnosticType: 'CONTROL',
    control: {
      controlType: kind === 'kitControls' ? 'KIT' : 'INTERNAL',
      sampleType: undefined,
      barCode: null,
    },
  };
}

/** One of the three collapsible groups: its diagnostic rows and an add button. */
export function DiagnosticGroup(props: {
  kind: GroupKind;
  diagnostics: Diagnostic[];
  variables: string[];
  operators: string[];
  history: string[];
  /** Colours of every diagnostic of the configuration. */
  usedColours: string[];
  /** Rows can be edited. */
  editable: boolean;
  /** Rows can be added or removed. */
  extensible: boolean;
  onColourChosen: (colour: string) => void;
  onChange: (diagnostics: Diagnostic[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={`group-${props.kind}`}>
      {props.diagnostics.map((diagnostic, index) => (
        <DiagnosticRow
          key={diagnostic.id ?? `new-${index}`}
          testId={`${props.kind}-${index}`}
          diagnostic={diagnostic}
          variables={props.variables}
          operators={props.operators}
          history={props.history}
          disabled={!props.editable}
          removable={props.extensible}
          onColourChosen={props.onColourChosen}
          onChange={(changed) => props.onChange(props.diagnostics.map((d, i) => (i === index ? changed : d)))}
          onRemove={() => props.onChange(props.diagnostics.filter((_, i) => i !== index))}
        />
      ))}
      {props.editable && props.extensible && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          data-testid={`add-${props.kind}`}
          onClick={() => props.onChange([...props.diagnostics, newDiagnostic(props.kind, props.usedColours)])}
        >
          {t('kitAnalyser.addDiagnostic')}
        </Button>
      )}
    </div>
  );
}
