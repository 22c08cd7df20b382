import { Button, Col, Form, Input, Row, Space, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lot, Run } from '../../api/types';
import {
  PlatePlanPicker,
  usePlatePlanTypes,
  type PlatePlanChoice,
} from '../../components/run/plate-plan-picker';
import { positional } from '../../i18n/i18n';
import { formatDateTime } from '../../utils/format';
import type { RunMetadata } from '../../view-models/run-view-model';
import { KitLotRows } from './kit-lot-rows';

type RunMetadataPanelProps = {
  form: FormInstance<RunMetadata>;
  initialValues: RunMetadata;
  run: Run;
  lots: Lot[];
  platePlan: PlatePlanChoice;
  onPlatePlanChange: (choice: PlatePlanChoice) => void;
  platePlanError: boolean;
  applyingPlan: boolean;
  onValuesChange: () => void;
  onCancel: () => void;
  onNext: () => void;
};

/** Run creation step 1: instrument, plate id, kit-and-lot rows, optional plate plan. */
export function RunMetadataPanel({
  form,
  initialValues,
  run,
  lots,
  platePlan,
  onPlatePlanChange,
  platePlanError,
  applyingPlan,
  onValuesChange,
  onCancel,
  onNext,
}: RunMetadataPanelProps) {
  const { t, i18n } = useTranslation();
  const platePlanTypes = usePlatePlanTypes();
  return (
    <>
      <Form<RunMetadata>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="instrumentName"
              label={t('runCreation.instrumentName')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('errorFieldRequired', positional([t('runCreation.instrumentName')])),
                },
              ]}
            >
              <Input data-testid="run-instrument-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="plateId" label={t('runCreation.plateId')}>
              <Input data-testid="run-plate-id" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('runCreation.runDate')}>
              <Input disabled value={formatDateTime(run.runDate, i18n.language)} data-testid="run-date" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('runCreation.kitsAndLots')}</Typography.Title>
        <KitLotRows form={form} lots={lots} />
        {lots.length === 0 && (
          <Typography.Paragraph type="warning">{t('runCreation.noLots')}</Typography.Paragraph>
        )}
        <Form.Item
          label={t('runCreation.platePlan')}
          validateStatus={platePlanError ? 'error' : undefined}
          help={platePlanError ? t('platePlan.invalidTemplateError') : undefined}
        >
          <PlatePlanPicker
            value={platePlan}
            onChange={onPlatePlanChange}
            types={platePlanTypes.types}
            loading={platePlanTypes.loading}
            disabled={applyingPlan}
          />
        </Form.Item>
      </Form>
      <Space>
        <Button onClick={onCancel} data-testid="run-creation-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" onClick={onNext} loading={applyingPlan} data-testid="run-creation-next">
          {t('common.next')}
        </Button>
      </Space>
    </>
  );
}
