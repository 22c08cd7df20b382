import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, ColorPicker, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitConfiguration } from '../../api/configuration-api';
import { ConditionEditor } from './condition-editor';
import { DEFAULT_COLOURS } from './colour-palette';

export type Diagnostic = KitConfiguration['diagnostics'][number];

const CONTROL_SAMPLE_TYPES = [
  'POSITIVE_CONTROL',
  'NEGATIVE_AMPLIFICATION_CONTROL',
  'NEGATIVE_EXTRACTION_CONTROL',
] as const;

/** One diagnostic: colour, validity (results), bar code and sample type (controls), label, conditions. */
export function DiagnosticRow(props: {
  diagnostic: Diagnostic;
  testId: string;
  variables: string[];
  operators: string[];
  history: string[];
  disabled: boolean;
  removable: boolean;
  onColourChosen: (colour: string) => void;
  onChange: (diagnostic: Diagnostic) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const d = props.diagnostic;
  const control = d.diagnosticType === 'CONTROL';
  const set = (patch: Partial<Diagnostic>) => props.onChange({ ...d, ...patch });
  return (
    <Card size="small" data-testid={props.testId} style={{ marginBottom: 8 }}>
      <Space wrap align="start">
        <ColorPicker
          disabled={props.disabled}
          value={d.color ?? undefined}
          data-testid={`${props.testId}-colour`}
          presets={[
            { label: t('kitAnalyser.defaultColours'), colors: [...DEFAULT_COLOURS] },
            { label: t('kitAnalyser.recentColours'), colors: props.history },
          ]}
          onChangeComplete={(value) => {
            const colour = value.toHexString();
            set({ color: colour });
            props.onColourChosen(colour);
          }}
        />
        <Checkbox
          disabled={props.disabled}
          checked={d.validityType !== 'INVALID'}
          onChange={(event) => set({ validityType: event.target.checked ? 'VALID' : 'INVALID' })}
          data-testid={`${props.testId}-valid`}
        >
          {t('kitAnalyser.valid')}
        </Checkbox>
        {control && (
          <>
            <Input
              style={{ width: 130 }}
              disabled={props.disabled}
              placeholder={t('kitAnalyser.barCode')}
              value={d.control?.barCode ?? ''}
              onChange={(event) => set({ control: { ...d.control, barCode: event.target.value } })}
            />
            <Select
              style={{ width: 250 }}
              disabled={props.disabled}
              placeholder={t('kitAnalyser.sampleType')}
              value={d.control?.sampleType ?? undefined}
              options={CONTROL_SAMPLE_TYPES.map((type) => ({
                value: type,
                label: t(`kitAnalyser.sampleTypes.${type}`),
              }))}
              onChange={(value: string) => set({ control: { ...d.control, sampleType: value } })}
              data-testid={`${props.testId}-sample-type`}
            />
          </>
        )}
        <Input
          style={{ width: 220 }}
          disabled={props.disabled}
          placeholder={t('kitAnalyser.label')}
          value={d.label ?? ''}
          onChange={(event) => set({ label: event.target.value })}
          data-testid={`${props.testId}-label`}
        />
        {props.removable && !props.disabled && (
          <Button
            danger
            size="small"
            icon={<DeleteOutlined />}
            onClick={props.onRemove}
            title={t('kitAnalyser.remove')}
          />
        )}
      </Space>
      <div style={{ marginTop: 8 }}>
        <ConditionEditor
          conditions={d.conditions ?? []}
          variables={props.variables}
          operators={props.operators}
          disabled={props.disabled}
          testId={props.testId}
          onChange={(conditions) => set({ conditions })}
        />
      </div>
    </Card>
  );
}
