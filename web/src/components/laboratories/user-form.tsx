import { App, Button, Checkbox, Form, Input, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createLaboratoryUser,
  deleteLaboratoryUser,
  laboratoryKeys,
  type LaboratoryUser,
  type NewUser,
  updateLaboratoryUser,
} from '../../api/laboratories-api';
import { useSession } from '../../auth/session-context';
import { useConfirm } from '../common/confirm';
import { useNotify } from '../../notifications/use-notify';
import {
  adminCheckboxEnabled,
  deleteEnabled,
  enabledCheckboxEnabled,
  physicianCheckboxEnabled,
  type UserRulesTarget,
} from './user-rules';

type FormValues = NewUser;

const EMPTY: FormValues = {
  login: '',
  lastname: '',
  firstname: '',
  email: null,
  enabled: true,
  admin: false,
  doctor: false,
};

/** The user detail form (SPEC 2): login (fixed once created), enabled, names, email, admin and physician. */
export function UserForm(props: { laboratoryId: string; user: LaboratoryUser | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { me, permissions } = useSession();
  const [form] = Form.useForm<FormValues>();
  const admin = Form.useWatch('admin', form) ?? props.user?.admin ?? false;
  const actor = { id: me.id, laboratoryId: me.laboratory?.id ?? null, permissions };
  const target: UserRulesTarget = {
    id: props.user?.id ?? null,
    admin: props.user?.admin ?? admin,
    laboratoryId: props.laboratoryId,
  };

  useEffect(() => {
    form.setFieldsValue(props.user ? { ...props.user } : EMPTY);
  }, [form, props.user]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: laboratoryKeys.all });
  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const fields = { ...values, email: values.email?.trim() ? values.email.trim() : null };
      return props.user
        ? updateLaboratoryUser(props.laboratoryId, props.user.id, fields)
        : createLaboratoryUser(props.laboratoryId, fields);
    },
    onSuccess: async (saved) => {
      await refresh();
      notify.success(t('laboratories.userSaved'));
      if ('oneTimePassword' in saved && typeof saved.oneTimePassword === 'string') {
        modal.info({
          title: t('laboratories.oneTimePasswordTitle'),
          content: (
            <>
              <p>{t('laboratories.oneTimePasswordText', { login: saved.login })}</p>
              <Typography.Text code copyable data-testid="one-time-password">
                {saved.oneTimePassword}
              </Typography.Text>
            </>
          ),
          okButtonProps: { 'data-testid': 'one-time-password-ok' },
        });
      }
      props.onDone();
    },
    onError: (error) => notify.error(t('laboratories.userNotSaved'), error),
  });
  const remove = useMutation({
    mutationFn: () => deleteLaboratoryUser(props.laboratoryId, props.user?.id ?? ''),
    onSuccess: async () => {
      await refresh();
      notify.success(t('laboratories.userDeleted'));
      props.onDone();
    },
    onError: (error) => notify.error(t('laboratories.userNotDeleted'), error),
  });

  const onDelete = async () => {
    const yes = await confirm({
      title: t('laboratories.deleteUserTitle'),
      content: t('laboratories.deleteUserText', { login: props.user?.login ?? '' }),
    });
    if (yes) remove.mutate();
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} data-testid="user-form">
      <Form.Item
        name="login"
        label={t('laboratories.login')}
        rules={[{ required: true, message: t('laboratories.loginRequired') }]}
      >
        <Input disabled={props.user !== null} data-testid="user-login" autoComplete="off" />
      </Form.Item>
      <Form.Item name="enabled" valuePropName="checked">
        <Checkbox disabled={!enabledCheckboxEnabled(actor, target)} data-testid="user-enabled">
          {t('laboratories.enabled')}
        </Checkbox>
      </Form.Item>
      <Form.Item name="lastname" label={t('laboratories.lastname')}>
        <Input data-testid="user-lastname" />
      </Form.Item>
      <Form.Item name="firstname" label={t('laboratories.firstname')}>
        <Input data-testid="user-firstname" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('laboratories.email')}
        rules={[{ type: 'email', message: t('laboratories.emailInvalid') }]}
      >
        <Input data-testid="user-email" />
      </Form.Item>
      <Space>
        <Form.Item name="admin" valuePropName="checked">
          <Checkbox disabled={!adminCheckboxEnabled(actor, target)} data-testid="user-admin">
            {t('laboratories.admin')}
          </Checkbox>
        </Form.Item>
        <Form.Item name="doctor" valuePropName="checked">
          <Checkbox disabled={!physicianCheckboxEnabled(actor, target)} data-testid="user-physician">
            {t('laboratories.physician')}
          </Checkbox>
        </Form.Item>
      </Space>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="user-save">
          {t('laboratories.save')}
        </Button>
        <Button
          danger
          disabled={!deleteEnabled(actor, target)}
          loading={remove.isPending}
          onClick={() => void onDelete()}
          data-testid="user-delete"
        >
          {t('laboratories.delete')}
        </Button>
        <Button onClick={props.onDone}>{t('laboratories.cancel')}</Button>
      </Space>
    </Form>
  );
}
