import { Button, Card, DatePicker, Form, Input, Select, Space, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfigurationLot, configurationKeys, getOfficialVersions } from '../../api/configuration-api';
import { LotTimeline } from './lot-timeline';
import { useLoadErrorNotice } from '../../notifications/use-load-error';

export type LotFormValues = {
  name: string;
  expirationDate: Dayjs | null;
  kitVersionId: string | undefined;
  active: boolean;
};

/** The lot form, its timeline (existing lot) and Delete / Cancel / Save. */
export function LotEditCard(props: {
  kitId: string;
  lot: ConfigurationLot | null;
  saving: boolean;
  onSave: (values: LotFormValues) => void;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LotFormValues>();
  const query = { kitId: props.kitId, page: 0, size: 100, sort: 'createdDate,desc' };
  const versions = useQuery({
    queryKey: configurationKeys.officialVersions(query),
    queryFn: () => getOfficialVersions(query),
  });
  useLoadErrorNotice(versions, t('kitConfiguration.versionsLoadError'));
  useEffect(() => {
    form.setFieldsValue({
      name: props.lot?.name ?? '',
      expirationDate: props.lot ? dayjs(props.lot.expirationDate) : null,
      kitVersionId: props.lot?.kitVersion.id,
      active: props.lot?.active ?? true,
    });
  }, [form, props.lot]);
  return (
    <Card title={props.lot ? props.lot.name : t('lotConfiguration.newLot')} data-testid="lot-edit-card">
      <Form form={form} layout="vertical" onFinish={props.onSave}>
        <Form.Item
          name="name"
          label={t('lotConfiguration.name')}
          rules={[{ required: true, whitespace: true, message: t('errorLotNoName') }]}
        >
          <Input data-testid="lot-name" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="kitVersionId"
          label={t('lotConfiguration.kitVersion')}
          rules={[{ required: true, message: t('errorLotNoKitVersion') }]}
        >
          <Select
            data-testid="lot-kit-version"
            loading={versions.isLoading}
            options={(versions.data?.content ?? []).map((version) => ({
              value: version.id,
              label: `${version.version}${version.locked ? ` (${t('lotConfiguration.locked')})` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="expirationDate" label={t('lotConfiguration.expirationDate')}>
          <DatePicker
            data-testid="lot-expiration"
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="active" label={t('lotConfiguration.active')} valuePropName="checked">
          <Switch data-testid="lot-active" />
        </Form.Item>
        <Space>
          {props.lot && (
            <Button danger onClick={props.onDelete} data-testid="lot-delete">
              {t('lotConfiguration.delete')}
            </Button>
          )}
          <Button onClick={props.onCancel} data-testid="lot-cancel">
            {t('lotConfiguration.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={props.saving} data-testid="lot-save">
            {t('lotConfiguration.save')}
          </Button>
        </Space>
      </Form>
      {props.lot && (
        <div style={{ marginTop: 24 }}>
          <LotTimeline lotId={props.lot.id} />
        </div>
      )}
    </Card>
  );
}
