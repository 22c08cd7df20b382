import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { applyPlatePlan, getAnalysers } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useConfirm } from '../../components/common/confirm';
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
import { errorDetail } from '../../notifications/error-detail';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';
import { acceptedExtensions, hasExtension } from './accepted-extensions';
import { importRunFiles } from './run-import-answer';
import { ImportGroupList, type GroupProgress, type GroupState } from './import-group-list';
import {
  fileBounds,
  groupFiles,
  groupFilesByContent,
  groupsByContent,
  isWithinBounds,
  PARSE_CONCURRENCY,
  runWithLimit,
} from './run-file-batch';
import { useDiscardChangesGuard } from '../../components/run/use-discard-changes-guard';

const isFinished = (state: GroupState): boolean => state === 'READY' || state === 'FAILED';

type ImportForm = { analyserId?: string };

/** The bytes of a chosen file, for grouping by content. */
const readUpload = async (file: UploadFile): Promise<Uint8Array> => {
  if (!file.originFileObj) throw new Error(`no content for ${file.name}`);
  return new Uint8Array(await file.originFileObj.arrayBuffer());
};

const originFiles = (group: UploadFile[]): File[] =>
  group.map((file) => file.originFileObj).filter((file): file is NonNullable<typeof file> => !!file);

/**
 * Run import step 1 (/run/import): analyser, files, optional plate plan. The files are grouped into
 * runs (Bio-Rad CFX by their content, `groupCfxRunFiles`; others by name, `groupRunFiles`) and shown; Next parses each run. One run goes on to run creation, several
 * go back to the run list once all are imported.
 */
export function RunImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const [form] = Form.useForm<ImportForm>();
  const analyserQuery = useQuery({
    queryKey: queryKeys.analysers,
    queryFn: () =>
      getAnalysers().catch(
        reportAndRethrow((error) => notify.error(t('runImport.analysersLoadError'), error)),
      ),
  });
  const analysers = analyserQuery.data ?? [];
  // One parse call per run; several run at once in a batch (mutateAsync per group).
  const parse = useMutation({
    mutationFn: ({
      analyserId,
      group,
      uploadId,
    }: {
      analyserId: string;
      group: UploadFile[];
      uploadId: string;
    }) => importRunFiles(analyserId, originFiles(group), uploadId),
  });
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [platePlan, setPlatePlan] = useState<PlatePlanChoice>({});
  const [platePlanError, setPlatePlanError] = useState<'incomplete' | 'batch' | null>(null);
  // SPEC 2: leaving with chosen files (not while importing) asks to discard them.
  const guard = useDiscardChangesGuard((files.length > 0 || isPlatePlanChosen(platePlan)) && !running);
  const platePlanTypes = usePlatePlanTypes();
  const [imports, setImports] = useState<GroupProgress[] | null>(null);
  const analyserId = Form.useWatch('analyserId', form);
  const analyser = analysers.find((candidate) => candidate.id === analyserId);
  const extensions = acceptedExtensions(analyser);
  const bounds = fileBounds(analyser);
  // CFX files are grouped by what they hold (read asynchronously); until that answer is in, and for
  // other analysers, by their names.
  const [contentGroups, setContentGroups] = useState<{
    files: UploadFile[];
    analyserId: string;
    groups: UploadFile[][];
  } | null>(null);
  const groups = !analyser
    ? files.length > 0
      ? [files]
      : []
    : contentGroups?.files === files && contentGroups.analyserId === analyser.id
      ? contentGroups.groups
      : groupFiles(analyser.id, files);

  useEffect(() => {
    if (!analyserId || !groupsByContent(analyserId) || files.length === 0) return;
    let current = true;
    void groupFilesByContent(analyserId, files, readUpload).then((found) => {
      if (current) setContentGroups({ files, analyserId, groups: found });
    });
    return () => {
      current = false;
    };
  }, [analyserId, files]);

  useLiveEvent('import.progress', (event) => {
    setImports(
      (current) =>
        current?.map((line) =>
          event.uploadId === line.uploadId && !isFinished(line.state)
            ? {
                ...line,
                state: event.state,
                progress: event.progress,
                error: event.error
                  ? t(event.error.message, {
                      ...positional(event.error.params),
                      defaultValue: event.error.message,
                    })
                  : line.error,
              }
            : line,
        ) ?? null,
    );
  });

  const updateLine = (index: number, change: Partial<GroupProgress>): void =>
    setImports(
      (current) =>
        current?.map((line, position) => (position === index ? { ...line, ...change } : line)) ?? null,
    );

  const fileCountError = (runs: UploadFile[][]): string | null => {
    if (files.length === 0) return t('errorFieldRequired', positional([t('runImport.files')]));
    if (!analyser) return null;
    return runs.some((group) => !isWithinBounds(group.length, bounds))
      ? t('errorFileCountOutOfBounds', positional([bounds.min, bounds.max]))
      : null;
  };

  /** One run: today's flow, on to run creation (with the plate plan when one is chosen). */
  const importOne = async (chosenAnalyserId: string, group: UploadFile[]): Promise<void> => {
    const uploadId = crypto.randomUUID();
    setImports([{ uploadId, state: 'UPLOADING', progress: 0, error: null }]);
    setRunning(true);
    try {
      const run = await parse.mutateAsync({ analyserId: chosenAnalyserId, group, uploadId });
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
      updateLine(0, { state: 'FAILED', error: errorDetail(error) });
      setRunning(false);
    }
  };

  /** Several runs: one parse call per group (at most PARSE_CONCURRENCY at once), then the run list. */
  const importMany = async (chosenAnalyserId: string, batch: UploadFile[][]): Promise<void> => {
    const lines: GroupProgress[] = batch.map(() => ({
      uploadId: crypto.randomUUID(),
      state: 'WAITING',
      progress: 0,
      error: null,
    }));
    setImports(lines);
    setRunning(true);
    const results = await runWithLimit(batch, PARSE_CONCURRENCY, async (group, index) => {
      updateLine(index, { state: 'UPLOADING' });
      try {
        const run = await parse.mutateAsync({
          analyserId: chosenAnalyserId,
          group,
          uploadId: lines[index].uploadId,
        });
        updateLine(index, { state: 'READY', progress: 100 });
        return run;
      } catch (error) {
        updateLine(index, { state: 'FAILED', progress: 100, error: errorDetail(error) });
        notify.error(t('runImport.groupErrorTitle', { index: index + 1 }), error);
        throw error;
      }
    });
    const failed = results.filter((result) => result.status === 'rejected').length;
    const imported = results.length - failed;
    if (failed === 0) notify.success(t('runImport.batchSuccess', { count: imported }));
    else
      notify.error(
        t('runImport.batchFailed', { count: failed }),
        t('runImport.batchSummary', { imported, failed }),
      );
    await navigate('/');
  };

  const next = async (): Promise<void> => {
    let values: ImportForm;
    try {
      values = await form.validateFields();
    } catch {
      setFileError(fileCountError(groups));
      return;
    }
    // The runs as the content says (CFX), not as shown before the files were read.
    const runs = values.analyserId ? await groupFilesByContent(values.analyserId, files, readUpload) : groups;
    const countError = fileCountError(runs);
    setFileError(countError);
    const planIncomplete = isPlatePlanIncomplete(platePlan);
    const planOnBatch = runs.length > 1 && isPlatePlanChosen(platePlan);
    setPlatePlanError(planIncomplete ? 'incomplete' : planOnBatch ? 'batch' : null);
    if (countError || planIncomplete || planOnBatch || !values.analyserId) return;
    if (runs.length === 1) await importOne(values.analyserId, runs[0]);
    else await importMany(values.analyserId, runs);
  };

  const cancel = async (): Promise<void> => {
    if (await confirm({ title: t('runImport.cancelTitle'), content: t('runImport.cancelMessage') })) {
      guard.allowNext();
      await navigate('/');
    }
  };

  const boundsText = analyser
    ? t(bounds.min === bounds.max ? 'runImport.fileBoundsExact' : 'runImport.fileBounds', {
        min: bounds.min,
        max: bounds.max,
        extensions: extensions.join(', '),
      })
    : t('runImport.chooseAnalyserFirst');
  const single = imports?.length === 1 ? imports[0] : null;

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
            loading={analyserQuery.isFetching}
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
              setImports(null);
            }}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item
          label={t('runImport.files')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? boundsText}
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
                setImports(null);
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
          help={
            platePlanError === 'incomplete'
              ? t('platePlan.invalidTemplateError')
              : platePlanError === 'batch'
                ? t('runImport.platePlanOneRun')
                : undefined
          }
        >
          <PlatePlanPicker
            value={platePlan}
            onChange={(value) => {
              setPlatePlan(value);
              setPlatePlanError(null);
            }}
            types={platePlanTypes.types}
            loading={platePlanTypes.loading}
            disabled={running}
          />
        </Form.Item>
      </Form>
      {analyser && groups.length > 0 && (
        <ImportGroupList
          groups={groups.map((group) => group.map((file) => file.name))}
          bounds={bounds}
          progress={imports && imports.length > 1 ? imports : null}
        />
      )}
      {running && single && (
        <div style={{ maxWidth: 640, marginBottom: 16 }} data-testid="import-progress">
          <Progress percent={single.progress} status={single.state === 'FAILED' ? 'exception' : 'active'} />
          <Typography.Text type="secondary" data-testid="import-progress-state">
            {t(`importState.${single.state}`)}
          </Typography.Text>
        </div>
      )}
      {single?.state === 'FAILED' && single.error && (
        <Alert type="error" showIcon style={{ maxWidth: 640, marginBottom: 16 }} title={single.error} />
      )}
      <Space>
        <Button onClick={() => void cancel()} disabled={running} data-testid="import-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" onClick={() => void next()} loading={running} data-testid="import-next">
          {t('common.next')}
        </Button>
      </Space>
    </Card>
  );
}
