import type { ImportState } from '@amplio/domain';
import { List, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { positional } from '../../i18n/i18n';
import { isWithinBounds, type FileBounds } from './run-file-batch';

/** Where one group (one run) of a batch import stands: WAITING for a slot, then the import states. */
export type GroupState = 'WAITING' | 'UPLOADING' | ImportState;

export type GroupProgress = {
  uploadId: string;
  state: GroupState;
  /** 0 to 100. */
  progress: number;
  /** Translated error text of a failed group. */
  error: string | null;
};

type Props = {
  /** The file names of each run, as `groupRunFiles` made them. */
  groups: string[][];
  bounds: FileBounds;
  /** Per group, once Next was clicked with several groups. */
  progress: GroupProgress[] | null;
};

/** Run import step 1: the chosen files grouped into runs, before and while they are imported. */
export function ImportGroupList({ groups, bounds, progress }: Props) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      bordered
      data-testid="import-groups"
      style={{ maxWidth: 640, marginBottom: 16 }}
      header={
        <Typography.Text strong>{t('runImport.groupsTitle', { count: groups.length })}</Typography.Text>
      }
      dataSource={groups.map((names, index) => ({ names, index }))}
      rowKey={({ index }) => String(index)}
      renderItem={({ names, index }) => {
        const number = index + 1;
        const valid = isWithinBounds(names.length, bounds);
        const line = progress?.[index];
        return (
          <List.Item
            data-testid={`import-group-${number}`}
            data-file-count={names.length}
            data-valid={valid}
            data-state={line?.state ?? 'CHOSEN'}
          >
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Text strong>
                {t('runImport.groupTitle', { index: number, count: names.length })}
              </Typography.Text>
              {names.map((name, position) => (
                <Typography.Text key={`${position}-${name}`} type="secondary" style={{ fontSize: 12 }}>
                  {name}
                </Typography.Text>
              ))}
              {!valid && (
                <Typography.Text type="danger">
                  {t('errorFileCountOutOfBounds', positional([bounds.min, bounds.max]))}
                </Typography.Text>
              )}
              {line && (
                <div data-testid={`group-progress-${number}`}>
                  <Progress
                    size="small"
                    percent={line.progress}
                    status={
                      line.state === 'FAILED' ? 'exception' : line.state === 'READY' ? 'success' : 'active'
                    }
                  />
                  <Typography.Text type="secondary">{t(`importState.${line.state}`)}</Typography.Text>
                </div>
              )}
              {line?.error && (
                <Typography.Text type="danger" data-testid={`group-error-${number}`}>
                  {line.error}
                </Typography.Text>
              )}
            </Space>
          </List.Item>
        );
      }}
    />
  );
}
