import { InboxOutlined } from '@ant-design/icons';
import type { ImportProgressEvent } from '@amplio/domain';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Progress,
  Select,
  Space,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { applyPlatePlan, getAnalysers, parseRunFiles } from '../../api/endpoints';
import type { Analyser } from '../../api/types';
import { cancelButtonProps, confirmButtonProps } from '../../components/common/confirm-props';
import { PageTitle } from '../../components/common/page-title';
import {
  isPlatePlanChosen,
  isPlatePlanIncomplete,
  PlatePlanPicker,
  usePlatePlanTypes,
  type PlatePlanChoice,
  type PlatePlanState,
} from '../../components/run/plate-plan-picker';
import { positional } from '../../i18n/i18n';
import { useLiveEvent } from '../../live/live-context';
import { useNotify } from '../../notifications/use-notify';
import { acceptedExtensions, hasExtension } from './accepted-extensions';

type ImportForm = { analyserId?: string };

/** Run import step 1 (/run/import): analyser, files, optional plate plan; Next parses the files. */
export function RunImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { modal } = App.useApp();
  const [form] = Form.useForm<ImportForm>();
  const [analysers, setAnalysers] = useState<Analyser[]>([]);
  const [analysersLoading, setAnalysersLoading] = useState(true);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [platePlan, setPlatePlan] = useState<PlatePlanChoice>({});
  const [platePlanError, setPlatePlanError] = useState(false);
  const platePlanTypes = usePlatePlanTypes();
  const [progress, setProgress] = useState<ImportProgressEvent | null>(null);
  const uploadId = useRef<string | null>(null);
  const analyserId = Form.useWatch('analyserId', form);
  const analyser = analysers.find((candidate) => candidate.id === analyserId);
  const extensions = acceptedExtensions(analyser);

  useEffect(() => {
    getAnalysers()
      .then(setAnalysers)
      .catch((error: unknown) => notify.error(t('runImport.analysersLoadError'), error))
      .finally(() => setAnalysersLoading(false));
  }, [notify, t]);

  useLiveEvent('import.progress', (event) => {
    if (uploadId.current && event.uploadId === uploadId.current) setProgress(event);
  });

  const fileCountError = (count: number, bounds: Analyser | undefined): string | null => {
    if (count === 0) return t('errorFieldRequired', positional([t('runImport.files')]));
    if (!bounds) return null;
    const min = Math.max(1, bounds.minNumberOfFilesByRun);
    const max = Math.max(min, bounds.maxNumberOfFilesByRun);
    return count < min || count > max ? t('errorFileCountOutOfBounds', positional([min, max])) : null;
  };

  const next = async (): Promise<void> => {
    let values: ImportForm;
    try {
      values = await form.validateFields();
    } catch {
      setFileError(fileCountError(files.length, analyser));
      return;
    }
    const countError = fileCountError(files.length, analyser);
    setFileError(countError);
    const planIncomplete = isPlatePlanIncomplete(platePlan);
    setPlatePlanError(planIncomplete);
    if (countError || planIncomplete || !values.analyserId) return;
    const chosen = files
      .map((file) => file.originFileObj)
      .filter((file): file is NonNullable<typeof file> => !!file);
    const id = crypto.randomUUID();
    uploadId.current = id;
    setProgress(null);
    setRunning(true);
    try {
      const run = await parseRunFiles(values.analyserId, chosen, id);
      let state: PlatePlanState | undefined;
      if (isPlatePlanChosen(platePlan)) {
        try {
          const planned = await applyPlatePlan(run.id, [], platePlan.type, platePlan.file);
          state = { platePlanWells: planned.wells };
        } catch (error) {
          // The run exists: go on to its configuration without the plan.
          notify.error(t('platePlan.errorTitle'), error);
        }
      }
      await navigate(`/run/configuration?id=${encodeURIComponent(run.id)}`, { state });
    } catch (error) {
      notify.error(t('runImport.importErrorTitle'), error);
      setRunning(false);
      uploadId.current = null;
    }
  };

  const cancel = (): void => {
    modal.confirm({
      title: t('runImport.cancelTitle'),
      content: t('runImport.cancelMessage'),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: confirmButtonProps,
      cancelButtonProps,
      onOk: () => {
        void navigate('/');
      },
    });
  };

  const minFiles = Math.max(1, analyser?.minNumberOfFilesByRun ?? 1);
  const maxFiles = Math.max(minFiles, analyser?.maxNumberOfFilesByRun ?? 1);
  const bounds = analyser
    ? t(minFiles === maxFiles ? 'runImport.fileBoundsExact' : 'runImport.fileBounds', {
        min: minFiles,
        max: maxFiles,
        extensions: extensions.join(', '),
      })
    : t('runImport.chooseAnalyserFirst');

  return (
    <Card>
      <PageTitle title={t('runImport.title')} />
      <Typography.Paragraph type="secondary">{t('runImport.step')}</Typography.Paragraph>
      <Form<ImportForm> form={form} layout="vertical" style={{ maxWidth: 640 }} disabled={running}>
        <Form.Item
          name="analyserId"
          label={t('runImport.analyser')}
          rules={[
            { required: true, message: t('errorFieldRequired', positional([t('runImport.analyser')])) },
          ]}
        >
          <Select
            data-testid="import-analyser"
            loading={analysersLoading}
            placeholder={t('runImport.analyserPlaceholder')}
            options={analysers.map((item) => ({
              value: item.id,
              label: item.version
                ? t('runImport.analyserLabel', { name: item.name, version: item.version })
                : item.name,
            }))}
            onChange={() => {
              setFiles([]);
              setFileError(null);
            }}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item
          label={t('runImport.files')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? bounds}
        >
          <div data-testid="import-files">
            <Upload.Dragger
              multiple
              accept={extensions.join(',')}
              fileList={files}
              disabled={!analyser || running}
              beforeUpload={(file) => {
                if (!hasExtension(file.name, extensions)) {
                  notify.error(
                    t('runImport.importErrorTitle'),
                    t('runImport.wrongExtension', { name: file.name, extensions: extensions.join(', ') }),
                  );
                  return Upload.LIST_IGNORE;
                }
                return false;
              }}
              onChange={({ fileList }) => {
                setFiles(fileList);
                setFileError(null);
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('runImport.dropFiles')}</p>
            </Upload.Dragger>
          </div>
        </Form.Item>
        <Form.Item
          label={t('runImport.platePlan')}
          validateStatus={platePlanError ? 'error' : undefined}
          help={platePlanError ? t('platePlan.invalidTemplateError') : undefined}
        >
          <PlatePlanPicker
            value={platePlan}
            onChange={(value) => {
              setPlatePlan(value);
              setPlatePlanError(false);
            }}
            types={platePlanTypes.types}
            loading={platePlanTypes.loading}
            disabled={running}
          />
        </Form.Item>
      </Form>
      {running && (
        <div style={{ maxWidth: 640, marginBottom: 16 }} data-testid="import-progress">
          <Progress
            percent={progress?.progress ?? 0}
            status={progress?.state === 'FAILED' ? 'exception' : 'active'}
          />
          <Typography.Text type="secondary" data-testid="import-progress-state">
            {t(`importState.${progress?.state ?? 'UPLOADING'}`)}
          </Typography.Text>
        </div>
      )}
      {progress?.state === 'FAILED' && progress.error && (
        <Alert
          type="error"
          showIcon
          style={{ maxWidth: 640, marginBottom: 16 }}
          title={t(progress.error.message, {
            ...positional(progress.error.params),
            defaultValue: progress.error.message,
          })}
        />
      )}
      <Space>
        <Button onClick={cancel} disabled={running} data-testid="import-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" onClick={() => void next()} loading={running} data-testid="import-next">
          {t('common.next')}
        </Button>
      </Space>
    </Card>
  );
}
