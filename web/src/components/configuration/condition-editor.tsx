import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitConfiguration } from '../../api/configuration-api';

type Diagnostic = KitConfiguration['diagnostics'][number];
type Condition = NonNullable<Diagnostic['conditions']>[number];
type Expression = NonNullable<Condition['expressions']>[number];

/** Conditions joined by OR, each a row of expressions joined by AND (SPEC 3). */
export function ConditionEditor(props: {
  conditions: Condition[];
  variables: string[];
  operators: string[];
  disabled: boolean;
  testId: string;
  onChange: (conditions: Condition[]) => void;
}) {
  const { t } = useTranslation();
  const setExpression = (c: number, x: number, patch: Partial<Expression>) =>
    props.onChange(
      props.conditions.map((condition, ci) =>
        ci !== c
          ? condition
          : {
              expressions: (condition.expressions ?? []).map((e, xi) => (xi === x ? { ...e, ...patch } : e)),
            },
      ),
    );
  const emptyExpression: Expression = { leftVariable: props.variables[0], operator: '<', rightVariable: '' };
  return (
    <Space orientation="vertical" size={4}>
      {props.conditions.map((condition, c) => (
        <Space key={c} wrap data-testid={`${props.testId}-condition-${c}`}>
          {c > 0 && <Typography.Text type="secondary">{t('kitAnalyser.or')}</Typography.Text>}
          {(condition.expressions ?? []).map((expression, x) => (
            <Space.Compact key={x}>
              {x > 0 && (
                <Typography.Text type="secondary" style={{ padding: '0 6px' }}>
                  {t('kitAnalyser.and')}
                </Typography.Text>
              )}
              <Select
                style={{ width: 170 }}
                disabled={props.disabled}
                value={expression.leftVariable ?? undefined}
                options={props.variables.map((v) => ({ value: v, label: v }))}
                onChange={(value: string) => setExpression(c, x, { leftVariable: value })}
                data-testid={`${props.testId}-variable-${c}-${x}`}
              />
              <Select
                style={{ width: 70 }}
                disabled={props.disabled}
                value={expression.operator ?? undefined}
                options={props.operators.map((o) => ({ value: o, label: o }))}
                onChange={(value: string) =>
                  setExpression(c, x, { operator: value as Expression['operator'] })
                }
                data-testid={`${props.testId}-operator-${c}-${x}`}
              />
              <Input
                style={{ width: 90 }}
                disabled={props.disabled}
                value={
                  expression.rightVariable === null || expression.rightVariable === undefined
                    ? ''
                    : String(expression.rightVariable)
                }
                onChange={(event) => setExpression(c, x, { rightVariable: event.target.value })}
                data-testid={`${props.testId}-value-${c}-${x}`}
              />
            </Space.Compact>
          ))}
          {!props.disabled && (
            <>
              <Button
                size="small"
                icon={<PlusOutlined />}
                title={t('kitAnalyser.addExpression')}
                onClick={() =>
                  props.onChange(
                    props.conditions.map((cond, ci) =>
                      ci === c ? { expressions: [...(cond.expressions ?? []), emptyExpression] } : cond,
                    ),
                  )
                }
              />
              <Button
                size="small"
                icon={<DeleteOutlined />}
                title={t('kitAnalyser.removeCondition')}
                onClick={() => props.onChange(props.conditions.filter((_, ci) => ci !== c))}
              />
            </>
          )}
        </Space>
      ))}
      {!props.disabled && (
        <Button
          size="small"
          type="dashed"
          data-testid={`${props.testId}-add-condition`}
          onClick={() => props.onChange([...props.conditions, { expressions: [emptyExpression] }])}
        >
          {t('kitAnalyser.addCondition')}
        </Button>
      )}
    </Space>
  );
}
