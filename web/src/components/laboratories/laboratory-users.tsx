import { Button, Card, Table, type TableProps, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getLaboratoryUsers,
  laboratoryKeys,
  type LaboratoryUser,
  type LaboratoryUsersQuery,
} from '../../api/laboratories-api';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';
import { UserForm } from './user-form';

/** SPEC 9: laboratory users page size 6, from page 1, sorted by login ascending. */
export const USER_PAGE_SIZE = 6;

/** A laboratory's users with the user form for the selected (or a new) user. */
export function LaboratoryUsers(props: { laboratoryId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [query, setQuery] = useState<LaboratoryUsersQuery>({
    page: 0,
    size: USER_PAGE_SIZE,
    sort: 'login,asc',
  });
  const [editing, setEditing] = useState<LaboratoryUser | 'new' | null>(null);
  const users = useQuery({
    queryKey: laboratoryKeys.users(props.laboratoryId, query),
    queryFn: () =>
      getLaboratoryUsers(props.laboratoryId, query).catch(
        reportAndRethrow((error) => notify.error(t('laboratories.usersNotLoaded'), error, { inList: true })),
      ),
    placeholderData: keepPreviousData,
  });
  const onChange: TableProps<LaboratoryUser>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof single?.field === 'string' ? single.field : 'login';
    setQuery({
      page: (pagination.current ?? 1) - 1,
      size: USER_PAGE_SIZE,
      sort: single?.order ? `${field},${single.order === 'ascend' ? 'asc' : 'desc'}` : 'login,asc',
    });
  };
  const columns: TableProps<LaboratoryUser>['columns'] = [
    {
      key: 'login',
      dataIndex: 'login',
      title: t('laboratories.login'),
      sorter: true,
      defaultSortOrder: 'ascend',
    },
    { key: 'lastname', dataIndex: 'lastname', title: t('laboratories.lastname'), sorter: true },
    { key: 'firstname', dataIndex: 'firstname', title: t('laboratories.firstname'), sorter: true },
    {
      key: 'flags',
      title: t('laboratories.roles'),
      render: (_value, user) => (
        <>
          {user.admin && <Tag color="blue">{t('laboratories.admin')}</Tag>}
          {user.doctor && <Tag color="green">{t('laboratories.physician')}</Tag>}
          {!user.enabled && <Tag color="red">{t('laboratories.disabled')}</Tag>}
        </>
      ),
    },
  ];
  return (
    <Card
      title={t('laboratories.users')}
      size="small"
      extra={
        <Button onClick={() => setEditing('new')} data-testid="user-add">
          {t('laboratories.addUser')}
        </Button>
      }
    >
      <Table<LaboratoryUser>
        rowKey="id"
        size="small"
        data-testid="user-table"
        columns={columns}
        dataSource={users.data?.content ?? []}
        loading={users.isFetching}
        onChange={onChange}
        pagination={{
          current: query.page + 1,
          pageSize: USER_PAGE_SIZE,
          total: users.data?.totalElements ?? 0,
        }}
        onRow={(user) => ({ onClick: () => setEditing(user), style: { cursor: 'pointer' } })}
        rowClassName={(user) =>
          editing !== 'new' && editing?.id === user.id ? 'ant-table-row-selected' : ''
        }
      />
      {editing && (
        <Card
          size="small"
          title={editing === 'new' ? t('laboratories.newUser') : editing.login}
          style={{ marginTop: 16 }}
        >
          <UserForm
            key={editing === 'new' ? 'new' : editing.id}
            laboratoryId={props.laboratoryId}
            user={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </Card>
      )}
    </Card>
  );
}
