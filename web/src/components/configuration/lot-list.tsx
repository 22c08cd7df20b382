import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigurationLot } from '../../api/configuration-api';

export const isExpired = (lot: Pick<ConfigurationLot, 'expirationDate'>, now = new Date()): boolean =>
  new Date(lot.expirationDate).getTime() < now.getTime();

/** The kit's lots: lock badge, version badge, expired marked, inactive greyed; click selects, click again deselects. */
export function LotList(props: {
  lots: ConfigurationLot[];
  selectedId: string | null;
  loading: boolean;
  onSelect: (lot: ConfigurationLot | null) => void;
  onAdd: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <List
      data-testid="lot-list"
      loading={props.loading}
      header={
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text strong>{t('lotConfiguration.lots')}</Typography.Text>
          {props.onAdd && (
            <Button icon={<PlusOutlined />} onClick={props.onAdd} data-testid="lot-add">
              {t('lotConfiguration.add')}
            </Button>
          )}
        </Space>
      }
      dataSource={props.lots}
      locale={{ emptyText: t('lotConfiguration.noLots') }}
      renderItem={(lot) => {
        const selected = lot.id === props.selectedId;
        return (
          <List.Item
            data-testid={`lot-row-${lot.name}`}
            onClick={() => props.onSelect(selected ? null : lot)}
            style={{
              cursor: 'pointer',
              background: selected ? 'rgba(22, 119, 255, 0.08)' : undefined,
              opacity: lot.active ? 1 : 0.5,
              paddingInline: 8,
            }}
          >
            <Space>
              <Typography.Text delete={!lot.active}>{lot.name}</Typography.Text>
              {lot.kitVersionLocked && <LockOutlined aria-label={t('lotConfiguration.locked')} />}
              <Tag color="blue">
                {t('lotConfiguration.versionBadge', { version: lot.kitVersion.version })}
              </Tag>
              {isExpired(lot) && <Tag color="red">{t('lotConfiguration.expired')}</Tag>}
              {!lot.active && <Tag>{t('lotConfiguration.inactive')}</Tag>}
            </Space>
          </List.Item>
        );
      }}
    />
  );
}
