import { Input, Table, type TableProps, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  configurationKeys,
  getLaboratoryVersions,
  getOfficialVersions,
  type KitVersion,
  type KitVersionQuery,
} from '../../api/configuration-api';
import { getAnalysers } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { AnalyserBadges } from './analyser-badges';
import { useLoadErrorNotice } from '../../notifications/use-load-error';

/** SPEC 9: kit version tables show 5 rows, newest first. */
export const VERSION_PAGE_SIZE = 5;

/** Official or laboratory versions: server paging, sorting and filters (version, analyser, lot). */
export function KitVersionsTable(props: {
  kind: 'official' | 'laboratory';
  base: { kitId?: string; officialVersionId?: string };
  lots: Array<{ id: string; name: string }>;
  selectedId?: string | null;
  onSelect?: (version: KitVersion | null) => void;
  showLaboratoryName: boolean;
  canAddAnalyser: boolean;
  actions: ((version: KitVersion) => ReactNode) | null;
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<KitVersionQuery>({
    page: 0,
    size: VERSION_PAGE_SIZE,
    sort: 'createdDate,desc',
  });
  const full = { ...query, ...props.base };
  const versions = useQuery({
    queryKey:
      props.kind === 'official'
        ? configurationKeys.officialVersions(full)
        : configurationKeys.laboratoryVersions(full),
    queryFn: () => (props.kind === 'official' ? getOfficialVersions(full) : getLaboratoryVersions(full)),
    placeholderData: keepPreviousData,
  });
  const analysers = useQuery({ queryKey: queryKeys.analysers, queryFn: getAnalysers });
  useLoadErrorNotice(versions, t('kitConfiguration.versionsLoadError'));
  useLoadErrorNotice(analysers, t('kitConfiguration.analysersLoadError'));
  const onChange: TableProps<KitVersion>['onChange'] = (pagination, filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const text = (filters.version?.[0] as string | undefined) ?? undefined;
    setQuery({
      page: (pagination.current ?? 1) - 1,
      size: VERSION_PAGE_SIZE,
      sort: single?.order ? `version,${single.order === 'ascend' ? 'asc' : 'desc'}` : 'createdDate,desc',
      version: text || undefined,
      analyserIds: (filters.analysers as string[] | null) ?? undefined,
      lotIds: (filters.lots as string[] | null) ?? undefined,
    });
  };
  const columns: TableProps<KitVersion>['columns'] = [
    {
      key: 'version',
      dataIndex: 'version',
      title: t('kitConfiguration.version'),
      sorter: true,
      filterDropdown: ({ setSelectedKeys, confirm, selectedKeys }) => (
        <Input.Search
          autoFocus
          allowClear
          style={{ padding: 8, width: 220 }}
          value={selectedKeys[0]}
          onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
          onSearch={() => confirm()}
        />
      ),
      render: (_value: string, version) => (
        <>
          {version.version} {version.locked && <Tag>{t('kitConfiguration.locked')}</Tag>}
          {props.showLaboratoryName && version.laboratoryName && (
            <Tag color="purple">{version.laboratoryName}</Tag>
          )}
        </>
      ),
    },
    {
      key: 'analysers',
      title: t('kitConfiguration.analysers'),
      filters: (analysers.data ?? []).map((analyser) => ({ text: analyser.name, value: analyser.id })),
      render: (_value: unknown, version) => (
        <AnalyserBadges version={version} canAdd={props.canAddAnalyser} />
      ),
    },
  ];
  if (props.kind === 'official')
    columns.push({
      key: 'lots',
      title: t('kitConfiguration.lots'),
      filters: props.lots.map((lot) => ({ text: lot.name, value: lot.id })),
      render: (_value: unknown, version) => version.lots.map((lot) => <Tag key={lot.id}>{lot.name}</Tag>),
    });
  const actions = props.actions;
  if (actions)
    columns.push({
      key: 'actions',
      title: t('kitConfiguration.actions'),
      render: (_value: unknown, version) => (
        <span onClick={(event) => event.stopPropagation()}>{actions(version)}</span>
      ),
    });
  return (
    <Table<KitVersion>
      data-testid={`${props.kind}-versions`}
      rowKey="id"
      size="small"
      loading={versions.isFetching}
      columns={columns}
      dataSource={versions.data?.content ?? []}
      locale={props.empty ? { emptyText: props.empty } : undefined}
      onChange={onChange}
      pagination={{
        current: query.page + 1,
        pageSize: VERSION_PAGE_SIZE,
        total: versions.data?.totalElements ?? 0,
      }}
      rowClassName={(version) => (version.id === props.selectedId ? 'ant-table-row-selected' : '')}
      onRow={(version) => ({
        'data-testid': `version-row-${version.version}`,
        onClick: () => props.onSelect?.(version.id === props.selectedId ? null : version),
        style: props.onSelect ? { cursor: 'pointer' } : undefined,
      })}
    />
  );
}
