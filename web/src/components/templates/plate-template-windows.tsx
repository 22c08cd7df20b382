import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-client';
import {
  createPlateTemplate,
  deletePlateTemplate,
  getPlateTemplates,
  type PlateTemplate,
  replacePlateTemplate,
  type SavePlateTemplate,
} from '../../api/runs-api';
import { useNotify } from '../../notifications/use-notify';
import { useConfirm } from '../common/confirm';
import { useLoadErrorNotice } from '../../notifications/use-load-error';

const templatesKey = (versionIds: string[]) => ['plate-templates', ...versionIds] as const;

type LoadProps = {
  open: boolean;
  versionIds: string[];
  onClose: () => void;
  onLoad: (template: PlateTemplate) => void;
};

/** Load or delete a plate template of the laboratory (SPEC 2 load/delete-template window). */
export function LoadTemplateWindow({ open, versionIds, onClose, onLoad }: LoadProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const client = useQueryClient();
  const templates = useQuery({
    queryKey: templatesKey(versionIds),
    enabled: open,
    queryFn: () => getPlateTemplates(versionIds),
  });
  useLoadErrorNotice(templates, t('templates.loadError'));
  const remove = async (template: PlateTemplate): Promise<void> => {
    if (
      !(await confirm({
        title: t('templates.deleteTitle'),
        content: t('templates.deleteMessage', { name: template.name }),
      }))
    )
      return;
    try {
      await deletePlateTemplate(template.id);
      await client.invalidateQueries({ queryKey: ['plate-templates'] });
    } catch (error) {
      notify.error(t('templates.notDeleted'), error);
    }
  };
  return (
    <Modal
      open={open}
      title={t('templates.loadTitle')}
      onCancel={onClose}
      footer={null}
      data-testid="load-template-window"
    >
      <List
        loading={templates.isLoading}
        dataSource={templates.data ?? []}
        locale={{ emptyText: t('templates.none') }}
        renderItem={(template) => (
          <List.Item
            key={template.id}
            actions={[
              <Button
                key="load"
                type="primary"
                size="small"
                data-testid={`load-template-${template.name}`}
                onClick={() => onLoad(template)}
              >
                {t('templates.load')}
              </Button>,
              <Button key="delete" danger size="small" onClick={() => void remove(template)}>
                {t('templates.delete')}
              </Button>,
            ]}
          >
            <Typography.Text>{template.name}</Typography.Text>
          </List.Item>
        )}
      />
    </Modal>
  );
}

type SaveProps = { open: boolean; onClose: () => void; template: () => Omit<SavePlateTemplate, 'name'> };

/** Save the plate as a template; a name already used asks whether to overwrite (SPEC 5). */
export function SaveTemplateWindow({ open, onClose, template }: SaveProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    const body = { ...template(), name: name.trim() };
    setSaving(true);
    try {
      try {
        await createPlateTemplate(body);
      } catch (error) {
        const existingId = error instanceof ApiError && error.status === 409 ? error.params[1] : undefined;
        if (!existingId) throw error;
        if (
          !(await confirm({
            title: t('templates.overwriteTitle'),
            content: t('templates.overwriteMessage', { name: body.name }),
          }))
        )
          return;
        await replacePlateTemplate(existingId, body);
      }
      notify.success(t('templates.saved'));
      await client.invalidateQueries({ queryKey: ['plate-templates'] });
      setName('');
      onClose();
    } catch (error) {
      notify.error(t('templates.creationError'), error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('templates.saveTitle')}
      onCancel={onClose}
      data-testid="save-template-window"
      footer={
        <Space>
          <Button onClick={onClose}>{t('templates.cancel')}</Button>
          <Button
            type="primary"
            data-testid="save-template-confirm"
            disabled={!name.trim()}
            loading={saving}
            onClick={() => void save()}
          >
            {t('templates.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Text>{t('templates.name')}</Typography.Text>
      <Input
        data-testid="template-name"
        value={name}
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
      />
      {!name.trim() && <Typography.Text type="danger">{t('templates.nameRequired')}</Typography.Text>}
    </Modal>
  );
}
