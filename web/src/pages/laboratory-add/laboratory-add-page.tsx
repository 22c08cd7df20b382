import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createLaboratories, laboratoryKeys } from '../../api/laboratories-api';
import { useSession } from '../../auth/session-context';
import { NoAccess } from '../../components/common/no-access';
import { useNotify } from '../../notifications/use-notify';

type Row = { key: number; name: string };

/** /admin/add: rows of names, minus per row (not for the only one), plus on the last row, Save (SPEC 2 and 5). */
export function LaboratoryAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const [rows, setRows] = useState<Row[]>([{ key: 0, name: '' }]);
  const save = useMutation({
    mutationFn: (names: string[]) => createLaboratories(names),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: laboratoryKeys.all });
      notify.success(t('laboratories.added'));
      void navigate('/admin/laboratories');
    },
    onError: (error) => notify.error(t('laboratories.notAdded'), error),
  });
  if (!permissions.showLaboratories) return <NoAccess />;

  const setName = (key: number, name: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, name } : row)));
  const onSave = () => {
    // SPEC 5: every row needs a name, otherwise an info message says it cannot be saved.
    if (rows.some((row) => !row.name.trim())) {
      notify.info(t('laboratories.cannotSaveTitle'), t('laboratories.cannotSaveText'));
      return;
    }
    save.mutate(rows.map((row) => row.name.trim()));
  };
  return (
    <div data-testid="laboratory-add-page">
      <Typography.Title level={3}>{t('laboratoryAdd.title')}</Typography.Title>
      <Card size="small" style={{ maxWidth: 560 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {rows.map((row, index) => (
            <Space.Compact key={row.key} style={{ width: '100%' }}>
              <Input
                aria-label={t('laboratories.name')}
                placeholder={t('laboratories.name')}
                value={row.name}
                maxLength={100}
                onChange={(event) => setName(row.key, event.target.value)}
                data-testid={`laboratory-add-name-${index}`}
              />
              <Button
                icon={<MinusOutlined />}
                aria-label={t('laboratories.removeRow')}
                disabled={rows.length === 1}
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                data-testid={`laboratory-add-minus-${index}`}
              />
              {index === rows.length - 1 && (
                <Button
                  icon={<PlusOutlined />}
                  aria-label={t('laboratories.addRow')}
                  onClick={() =>
                    setRows((current) => [
                      ...current,
                      { key: Math.max(...current.map((r) => r.key)) + 1, name: '' },
                    ])
                  }
                  data-testid="laboratory-add-plus"
                />
              )}
            </Space.Compact>
          ))}
          <Button type="primary" loading={save.isPending} onClick={onSave} data-testid="laboratory-add-save">
            {t('laboratories.save')}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
