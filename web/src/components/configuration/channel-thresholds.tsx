import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitConfiguration } from '../../api/configuration-api';

type Channel = KitConfiguration['kitAnalyserChannels'][number];

/** Thresholds per channel, and the analyser's name for each kit channel (channel mapping). */
export function ChannelThresholds(props: {
  channels: Channel[];
  disabled: boolean;
  onChange: (channels: Channel[]) => void;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<Channel>) =>
    props.onChange(props.channels.map((channel, i) => (i === index ? { ...channel, ...patch } : channel)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table<Channel & { key: number }>
        size="small"
        pagination={false}
        data-testid="channel-thresholds"
        dataSource={props.channels.map((channel, key) => ({ ...channel, key }))}
        columns={[
          {
            title: t('kitAnalyser.channel'),
            render: (_v: unknown, row) => (
              <Input
                disabled={props.disabled}
                value={row.channel ?? ''}
                onChange={(e) => set(row.key, { channel: e.target.value })}
                data-testid={`channel-name-${row.key}`}
              />
            ),
          },
          {
            title: t('kitAnalyser.threshold'),
            render: (_v: unknown, row) => (
              <Input
                disabled={props.disabled}
                value={row.threshold === null || row.threshold === undefined ? '' : String(row.threshold)}
                onChange={(e) => set(row.key, { threshold: e.target.value })}
                data-testid={`channel-threshold-${row.key}`}
              />
            ),
          },
          {
            title: t('kitAnalyser.analyserChannel'),
            render: (_v: unknown, row) => (
              <Input
                disabled={props.disabled}
                placeholder={t('kitAnalyser.sameName')}
                value={row.analyserChannel ?? ''}
                onChange={(e) => set(row.key, { analyserChannel: e.target.value || null })}
              />
            ),
          },
          {
            title: '',
            render: (_v: unknown, row) =>
              !props.disabled && (
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  onClick={() => props.onChange(props.channels.filter((_, i) => i !== row.key))}
                />
              ),
          },
        ]}
      />
      {!props.disabled && (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          data-testid="add-channel"
          onClick={() =>
            props.onChange([...props.channels, { channel: '', threshold: '', analyserChannel: null }])
          }
        >
          {t('kitAnalyser.addChannel')}
        </Button>
      )}
    </Space>
  );
}
