import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, InputNumber, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createFtpConfiguration,
  deleteFtpConfiguration,
  type FtpConfiguration,
  type FtpTestResult,
  ftpQueryKeys,
  testFtpConnection,
  updateFtpConfiguration,
} from '../../api/file-transfer-api';
import { useConfirm } from '../../components/common/confirm';
import { useNotify } from '../../notifications/use-notify';
import {
  bodyOf,
  canTestOrSave,
  type FtpForm,
  formOf,
  NEW_FTP_FORM,
  normalisedFingerprint,
  switchProtocol,
  tlsFingerprintInvalid,
} from './ftp-form-rules';

type FtpConfigurationFormProps = {
  configuration: FtpConfiguration | null;
  onCancelNew: () => void;
  onSaved: () => void;
};

/** The FTP configuration form of SPEC 2, with Test (fingerprint shown), Cancel, Save and Delete. */
export function FtpConfigurationForm({ configuration, onCancelNew, onSaved }: FtpConfigurationFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const client = useQueryClient();
  const initial = configuration ? formOf(configuration) : NEW_FTP_FORM;
  const [form, setForm] = useState<FtpForm>(initial);
  const [tested, setTested] = useState<FtpTestResult | null>(null);
  const change = (patch: Partial<FtpForm>): void => setForm((current) => ({ ...current, ...patch }));
  const refresh = (): void => {
    void client.invalidateQueries({ queryKey: ftpQueryKeys.configuration });
  };

  const test = useMutation({
    mutationFn: () => testFtpConnection(bodyOf(form, configuration?.id)),
    onSuccess: (result) => {
      setTested(result);
      notify.success(t('ftpConfiguration.testSuccess'));
    },
    onError: (error) => {
      setTested(null);
      notify.error(t('ftpConfiguration.testError'), error);
    },
  });
  const save = useMutation({
    mutationFn: () => {
      // Save pins the host key Test showed (SPEC beyond: host-key pinning).
      const body = bodyOf(
        { ...form, hostKeyFingerprint: tested?.hostKeyFingerprint ?? form.hostKeyFingerprint },
        configuration?.id,
      );
      return configuration ? updateFtpConfiguration(body) : createFtpConfiguration(body);
    },
    onSuccess: (saved) => {
      client.setQueryData(ftpQueryKeys.configuration, saved);
      void client.invalidateQueries({ queryKey: ftpQueryKeys.valid });
      notify.success(t('ftpConfiguration.saved'));
      onSaved();
    },
    onError: (error) => notify.error(t('ftpConfiguration.saveError'), error),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteFtpConfiguration(id),
    onSuccess: () => {
      client.setQueryData(ftpQueryKeys.configuration, null);
      void client.invalidateQueries({ queryKey: ftpQueryKeys.valid });
      notify.success(t('ftpConfiguration.deleted'));
    },
    onError: (error) => notify.error(t('ftpConfiguration.deleteError'), error),
  });

  const ready = canTestOrSave(form);
  const sshKey = form.authentication === 'SSH_KEY';
  const askThen = (title: string, content: string, action: () => void): void => {
    void confirm({ title, content }).then((yes) => {
      if (yes) action();
    });
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 640 }} data-testid="ftp-form">
      <Alert type="info" showIcon title={t('ftpConfiguration.recommendSftp')} style={{ marginBottom: 16 }} />
      <Flex justify="space-between" align="center">
        <Checkbox
          checked={form.sendFilesOnApproval}
          onChange={(event) => change({ sendFilesOnApproval: event.target.checked })}
          data-testid="ftp-send-on-approval"
        >
          {t('ftpConfiguration.sendFilesOnApproval')}
        </Checkbox>
        {configuration && (
          <Button
            danger
            loading={remove.isPending}
            onClick={() =>
              askThen(t('ftpConfiguration.deleteTitle'), t('ftpConfiguration.deleteMessage'), () =>
                remove.mutate(configuration.id),
              )
            }
            data-testid="ftp-delete"
          >
            {t('ftpConfiguration.delete')}
          </Button>
        )}
      </Flex>
      <Form.Item label={t('ftpConfiguration.protocol')} style={{ marginTop: 16 }}>
        <Radio.Group
          value={form.protocol}
          onChange={(event) => setForm(switchProtocol(form, event.target.value as FtpForm['protocol']))}
        >
          <Radio.Button value="FTP" data-testid="ftp-protocol-FTP">
            FTP
          </Radio.Button>
          <Radio.Button value="SFTP" data-testid="ftp-protocol-SFTP">
            SFTP
          </Radio.Button>
        </Radio.Group>
      </Form.Item>
      {form.protocol === 'FTP' && (
        <Form.Item>
          <Checkbox
            checked={form.ftps}
            onChange={(event) => change({ ftps: event.target.checked })}
            data-testid="ftp-ftps"
          >
            {t('ftpConfiguration.ftps')}
          </Checkbox>
        </Form.Item>
      )}
      {form.protocol === 'FTP' && form.ftps && (
        <Form.Item
          label={t('ftpConfiguration.tlsCertificate')}
          validateStatus={tlsFingerprintInvalid(form) ? 'error' : undefined}
          help={
            tlsFingerprintInvalid(form)
              ? t('ftpConfiguration.tlsCertificateInvalid')
              : t('ftpConfiguration.tlsCertificateHelp')
          }
        >
          <Input
            value={form.tlsCertificateFingerprint}
            allowClear
            onChange={(event) => change({ tlsCertificateFingerprint: event.target.value })}
            data-testid="ftp-tls-certificate"
          />
        </Form.Item>
      )}
      <Flex gap={12}>
        <Form.Item label={t('ftpConfiguration.host')} required style={{ flex: 1 }}>
          <Input
            value={form.host}
            onChange={(event) => change({ host: event.target.value })}
            data-testid="ftp-host"
          />
        </Form.Item>
        <Form.Item label={t('ftpConfiguration.port')} required>
          <InputNumber
            min={1}
            max={65535}
            value={form.port}
            onChange={(value) => change({ port: value ?? null })}
            data-testid="ftp-port"
          />
        </Form.Item>
      </Flex>
      <Form.Item label={t('ftpConfiguration.directory')}>
        <Input
          value={form.directory}
          onChange={(event) => change({ directory: event.target.value })}
          data-testid="ftp-directory"
        />
      </Form.Item>
      <Form.Item label={t('ftpConfiguration.authenticationLabel')}>
        <Radio.Group
          value={form.authentication}
          onChange={(event) => change({ authentication: event.target.value as FtpForm['authentication'] })}
        >
          <Radio value="PASSWORD" data-testid="ftp-auth-PASSWORD">
            {t('ftpConfiguration.authentication.PASSWORD')}
          </Radio>
          <Radio value="SSH_KEY" disabled={form.protocol === 'FTP'} data-testid="ftp-auth-SSH_KEY">
            {t('ftpConfiguration.authentication.SSH_KEY')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('ftpConfiguration.username')} required>
        <Input
          value={form.username}
          autoComplete="off"
          onChange={(event) => change({ username: event.target.value })}
          data-testid="ftp-username"
        />
      </Form.Item>
      {sshKey ? (
        <>
          <Form.Item
            label={t('ftpConfiguration.privateKey')}
            help={configuration?.privateKeySet ? t('ftpConfiguration.secretKept') : undefined}
          >
            <Input.TextArea
              rows={4}
              value={form.privateKey}
              onChange={(event) => change({ privateKey: event.target.value })}
              data-testid="ftp-private-key"
            />
          </Form.Item>
          <Form.Item label={t('ftpConfiguration.passphrase')}>
            <Input.Password
              value={form.passphrase}
              autoComplete="new-password"
              onChange={(event) => change({ passphrase: event.target.value })}
              data-testid="ftp-passphrase"
            />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          label={t('ftpConfiguration.password')}
          help={configuration?.passwordSet ? t('ftpConfiguration.secretKept') : undefined}
        >
          <Input.Password
            value={form.password}
            autoComplete="new-password"
            onChange={(event) => change({ password: event.target.value })}
            data-testid="ftp-password"
          />
        </Form.Item>
      )}
      {tested?.hostKeyFingerprint && (
        <Alert
          type={tested.hostKeyChanged ? 'warning' : 'success'}
          showIcon
          style={{ marginBottom: 16 }}
          title={tested.hostKeyChanged ? t('ftpConfiguration.hostKeyChanged') : t('ftpConfiguration.hostKey')}
          description={
            <Typography.Text code data-testid="ftp-host-key">
              {tested.hostKeyFingerprint}
            </Typography.Text>
          }
        />
      )}
      {tested?.tlsCertificateFingerprint256 && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            normalisedFingerprint(form.tlsCertificateFingerprint) === tested.tlsCertificateFingerprint256
              ? t('ftpConfiguration.tlsCertificatePinned')
              : t('ftpConfiguration.tlsCertificateShown')
          }
          description={
            <Typography.Text code data-testid="ftp-tls-certificate-shown">
              {tested.tlsCertificateFingerprint256}
            </Typography.Text>
          }
          action={
            normalisedFingerprint(form.tlsCertificateFingerprint) !== tested.tlsCertificateFingerprint256 && (
              <Button
                size="small"
                onClick={() =>
                  change({ tlsCertificateFingerprint: tested.tlsCertificateFingerprint256 ?? '' })
                }
                data-testid="ftp-tls-certificate-trust"
              >
                {t('ftpConfiguration.tlsCertificateTrust')}
              </Button>
            )
          }
        />
      )}
      {!tested && form.hostKeyFingerprint && (
        <Typography.Paragraph type="secondary">
          {t('ftpConfiguration.pinnedHostKey')}{' '}
          <Typography.Text code>{form.hostKeyFingerprint}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Flex justify="end" gap={8}>
        <Button
          disabled={!ready}
          loading={test.isPending}
          onClick={() => test.mutate()}
          data-testid="ftp-test"
        >
          {t('ftpConfiguration.test')}
        </Button>
        <Button
          onClick={() =>
            askThen(t('ftpConfiguration.cancelTitle'), t('ftpConfiguration.cancelMessage'), () => {
              setForm(initial);
              setTested(null);
              if (!configuration) onCancelNew();
              refresh();
            })
          }
          data-testid="ftp-cancel"
        >
          {t('ftpConfiguration.cancel')}
        </Button>
        <Button
          type="primary"
          disabled={!ready}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="ftp-save"
        >
          {t('ftpConfiguration.save')}
        </Button>
      </Flex>
    </Form>
  );
}
