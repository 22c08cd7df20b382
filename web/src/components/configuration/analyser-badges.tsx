import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { KitVersion } from '../../api/configuration-api';
import { getAnalysers } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/** Where the kit-analyser screen opens for a version and analyser. */
export function kitAnalyserPath(
  version: KitVersion,
  analyserId: string,
  kitAnalyserId: string | null,
): string {
  if (kitAnalyserId) return `/admin/configuration/kit/analyser/${kitAnalyserId}`;
  const query = new URLSearchParams({ kitId: version.kit.id, versionId: version.id, analyserId });
  return `/admin/configuration/kit/analyser?${query.toString()}`;
}

/** Green badge: configured; red: not yet. Each opens the kit-analyser screen; admins add analysers. */
export function AnalyserBadges(props: { version: KitVersion; canAdd: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState<string | null>(null);
  const analysers = useQuery({ queryKey: queryKeys.analysers, queryFn: getAnalysers, enabled: props.canAdd });
  const present = new Set(props.version.analysers.map((a) => a.analyserId));
  return (
    <Space wrap onClick={(event) => event.stopPropagation()}>
      {props.version.analysers.map((analyser) => (
        <Tag
          key={analyser.analyserId}
          color={analyser.configured ? 'green' : 'red'}
          style={{ cursor: 'pointer' }}
          data-testid={`analyser-badge-${props.version.version}-${analyser.analyserId}`}
          onClick={() =>
            void navigate(kitAnalyserPath(props.version, analyser.analyserId, analyser.kitAnalyserId))
          }
        >
          {analyser.name}
        </Tag>
      ))}
      {props.canAdd && (
        <Space.Compact>
          <Select
            size="small"
            style={{ minWidth: 200 }}
            placeholder={<PlusOutlined />}
            data-testid={`add-analyser-${props.version.version}`}
            value={adding ?? undefined}
            onChange={(value: string) => setAdding(value)}
            options={(analysers.data ?? [])
              .filter((analyser) => !present.has(analyser.id))
              .map((analyser) => ({ value: analyser.id, label: analyser.name }))}
          />
          <Button
            size="small"
            disabled={!adding}
            data-testid={`configure-analyser-${props.version.version}`}
            onClick={() => adding && void navigate(kitAnalyserPath(props.version, adding, null))}
          >
            {t('kitConfiguration.configure')}
          </Button>
        </Space.Compact>
      )}
    </Space>
  );
}
