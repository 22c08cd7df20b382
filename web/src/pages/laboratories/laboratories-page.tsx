import { Button, Col, Input, Row, Table, type TableProps, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  getLaboratories,
  type Laboratory,
  laboratoryKeys,
  type LaboratoryListQuery,
} from '../../api/laboratories-api';
import { useSession } from '../../auth/session-context';
import { NoAccess } from '../../components/common/no-access';
import { LaboratoryDetail } from '../../components/laboratories/laboratory-detail';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';

/** SPEC 9: laboratory list page size 9; search debounce 1000 ms. */
export const LABORATORY_PAGE_SIZE = 9;
export const SEARCH_DEBOUNCE_MS = 1000;

/** /admin/laboratories: list (3 of 12 columns) and the selected laboratory with its users (9 of 12). */
export function LaboratoriesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { permissions } = useSession();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<LaboratoryListQuery>({
    page: 0,
    size: LABORATORY_PAGE_SIZE,
    sort: 'name,asc',
  });
  // Entering the screen clears the selection (state starts empty on every visit).
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      const search = typed.trim() || undefined;
      setQuery((current) => (current.search === search ? current : { ...current, page: 0, search }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const laboratories = useQuery({
    queryKey: laboratoryKeys.list(query),
    queryFn: () =>
      getLaboratories(query).catch(
        reportAndRethrow((error) => notify.error(t('laboratories.listNotLoaded'), error, { inList: true })),
      ),
    placeholderData: keepPreviousData,
    enabled: permissions.showLaboratories,
  });
  if (!permissions.showLaboratories) return <NoAccess />;

  const onChange: TableProps<Laboratory>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setQuery({
      ...query,
      page: (pagination.current ?? 1) - 1,
      sort: single?.order === 'descend' ? 'name,desc' : 'name,asc',
    });
  };
  const columns: TableProps<Laboratory>['columns'] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('laboratories.name'),
      sorter: true,
      defaultSortOrder: 'ascend',
    },
  ];
  return (
    <div data-testid="laboratories-page">
      <Typography.Title level={3}>{t('laboratories.title')}</Typography.Title>
      <Row gutter={16}>
        <Col span={6}>
          <Input.Search
            allowClear
            placeholder={t('laboratories.search')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            style={{ marginBottom: 8 }}
            data-testid="laboratory-search"
          />
          <Button
            type="primary"
            block
            onClick={() => void navigate('/admin/add')}
            style={{ marginBottom: 8 }}
            data-testid="laboratory-add"
          >
            {t('laboratories.add')}
          </Button>
          <Table<Laboratory>
            rowKey="id"
            size="small"
            data-testid="laboratory-table"
            columns={columns}
            dataSource={laboratories.data?.content ?? []}
            loading={laboratories.isFetching}
            onChange={onChange}
            pagination={{
              current: query.page + 1,
              pageSize: LABORATORY_PAGE_SIZE,
              total: laboratories.data?.totalElements ?? 0,
              simple: true,
            }}
            onRow={(laboratory) => ({
              onClick: () => setSelected(laboratory.id),
              style: { cursor: 'pointer' },
            })}
            rowClassName={(laboratory) => (laboratory.id === selected ? 'ant-table-row-selected' : '')}
          />
        </Col>
        <Col span={18}>
          {selected ? (
            <LaboratoryDetail key={selected} laboratoryId={selected} onDeleted={() => setSelected(null)} />
          ) : (
            <Typography.Text type="secondary">{t('laboratories.selectOne')}</Typography.Text>
          )}
        </Col>
      </Row>
    </div>
  );
}
