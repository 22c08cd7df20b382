import { EyeOutlined, ImportOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { downloadRunFiles, getRuns } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../../auth/session-context';
import type { RunListQuery, RunSortField, RunSummary, SortDirection } from '../../api/types';
import { PageTitle } from '../../components/common/page-title';
import { RunStatusTag } from '../../components/run/run-status-tag';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';
import { formatDateTime } from '../../utils/format';
import { InFlightImportsPanel } from './in-flight-imports-panel';
import { runLink } from './run-link';
import { useRowsPerPage } from './use-rows-per-page';

type Sort = { field: RunSortField; direction: SortDirection };
const DEFAULT_SORT: Sort = { field: 'businessId', direction: 'desc' };
const SORT_FIELDS: readonly RunSortField[] = [
  'businessId',
  'fileName',
  'instrumentName',
  'interpretationRunByName',
  'created',
  'status',
  'runDate',
];

function isSortField(value: unknown): value is RunSortField {
  return typeof value === 'string' && (SORT_FIELDS as readonly string[]).includes(value);
}

/** Run list (/): search, server-side sort and paging, live status, imports in flight. */
export function RunListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const pageSize = useRowsPerPage();
  const { permissions, publicProperties } = useSession();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [search, setSearch] = useState('');
  const query: RunListQuery = {
    page: page - 1,
    size: pageSize,
    search: search || undefined,
    sort: sort.field,
    sortDirection: sort.direction,
  };
  // Live events refetch in the background (live/live-queries.ts): the table keeps its rows meanwhile.
  const runs = useQuery({
    queryKey: queryKeys.runList.page(query),
    queryFn: ({ signal }) =>
      getRuns(query, signal).catch(
        reportAndRethrow((error) => {
          if (!signal.aborted)
            notify.error(t('runList.loadError'), error, { inList: true, key: 'run-list-load' });
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const rows = runs.isError ? [] : (runs.data?.listObjects ?? []);
  const total = runs.isError ? 0 : (runs.data?.numberOfObjects ?? 0);
  const loading = runs.isPending || runs.isPlaceholderData;

  const onTableChange: TableProps<RunSummary>['onChange'] = (pagination, _filters, sorter) => {
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<RunSummary> | undefined;
    const field = single?.columnKey ?? single?.field;
    const next: Sort =
      single?.order && isSortField(field)
        ? { field, direction: single.order === 'ascend' ? 'asc' : 'desc' }
        : DEFAULT_SORT;
    if (next.field !== sort.field || next.direction !== sort.direction) {
      setSort(next);
      setPage(1);
    } else setPage(pagination.current ?? 1);
  };

  // SPEC 2: the file name downloads the original files for super admins when the property is on.
  const canDownload =
    permissions.isSuperAdmin && publicProperties?.['neoware.run.allowFileDownload'] === true;
  const download = useMutation({
    mutationFn: (run: RunSummary) => downloadRunFiles(run.id, `${run.businessId}.zip`),
    onSuccess: ({ blob, fileName }) => {
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (error) => notify.error(t('errorDownloadingFileRun'), error),
  });

  const sortOrder = (field: RunSortField): 'ascend' | 'descend' | null =>
    sort.field === field ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableProps<RunSummary>['columns'] = [
    {
      key: 'businessId',
      dataIndex: 'businessId',
      title: t('runList.businessId'),
      sorter: true,
      sortOrder: sortOrder('businessId'),
      render: (value: string, run) => (
        <Link to={runLink(run)} data-testid={`run-link-${run.businessId}`}>
          {value}
        </Link>
      ),
    },
    {
      key: 'fileName',
      dataIndex: 'fileName',
      title: t('runList.fileName'),
      sorter: true,
      sortOrder: sortOrder('fileName'),
      render: (value: string, run) =>
        canDownload ? (
          <Typography.Link
            ellipsis
            title={value}
            style={{ maxWidth: 220 }}
            data-testid={`run-download-${run.businessId}`}
            onClick={() => download.mutate(run)}
          >
            {value}
          </Typography.Link>
        ) : (
          <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 220 }}>
            {value}
          </Typography.Text>
        ),
    },
    {
      key: 'instrumentName',
      dataIndex: 'instrumentName',
      title: t('runList.instrumentName'),
      sorter: true,
      sortOrder: sortOrder('instrumentName'),
    },
    {
      key: 'interpretationRunByName',
      dataIndex: 'interpretationRunByName',
      title: t('runList.interpretationRunByName'),
      sorter: true,
      sortOrder: sortOrder('interpretationRunByName'),
    },
    {
      key: 'created',
      dataIndex: 'created',
      title: t('runList.created'),
      sorter: true,
      sortOrder: sortOrder('created'),
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('runList.status'),
      sorter: true,
      sortOrder: sortOrder('status'),
      render: (_value: string, run) => (
        <RunStatusTag status={run.status} ftpSent={run.ftpSent} testId={`run-status-${run.businessId}`} />
      ),
    },
    {
      key: 'runDate',
      dataIndex: 'runDate',
      title: t('runList.runDate'),
      sorter: true,
      sortOrder: sortOrder('runDate'),
      render: (value: string | null) => formatDateTime(value, i18n.language),
    },
    {
      key: 'kits',
      title: t('runList.kits'),
      render: (_value: unknown, run) => (
        <Space size={[4, 4]} wrap>
          {run.kits.map((kit) => (
            <Tag key={`${kit.kitName}/${kit.lotName}`}>
              {t('runList.kitLot', { kit: kit.kitName, lot: kit.lotName })}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'action',
      title: t('runList.action'),
      width: 80,
      fixed: 'right',
      render: (_value: unknown, run) => (
        <Tooltip title={t('runList.view')}>
          <Button
            icon={<EyeOutlined />}
            aria-label={t('runList.view')}
            data-testid={`run-view-${run.businessId}`}
            onClick={() => {
              void navigate(runLink(run));
            }}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <Card>
      <PageTitle
        title={t('runList.title')}
        extra={
          <Button
            type="primary"
            icon={<ImportOutlined />}
            data-testid="run-import-button"
            onClick={() => {
              void navigate('/run/import');
            }}
          >
            {t('runList.import')}
          </Button>
        }
      />
      <Input.Search
        allowClear
        placeholder={t('runList.searchPlaceholder')}
        style={{ maxWidth: 420, marginBottom: 16 }}
        data-testid="run-search"
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
      />
      <InFlightImportsPanel />
      <Table<RunSummary>
        rowKey="id"
        size="middle"
        data-testid="run-table"
        loading={loading}
        columns={columns}
        dataSource={rows}
        onChange={onTableChange}
        onRow={(run) => ({ 'data-testid': `run-row-${run.businessId}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize, total, showSizeChanger: false }}
        locale={{ emptyText: t('runList.empty') }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
