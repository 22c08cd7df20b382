import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { RunComments } from '../run-interpretation/run-comments-form';
import { WellComments } from '../run-interpretation/well-comments';

type RunCreationCommentsProps = {
  runId: string;
  canUpdate: boolean;
  /** Selected wells (position -> id): well comments go to them. */
  selectedWells: ReadonlyMap<string, string>;
};

/** SPEC 2: comments in run creation step 2, the selected wells' and the run's. */
export function RunCreationComments(props: RunCreationCommentsProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('runReview.comments')}>
      <WellComments {...props} />
      <RunComments runId={props.runId} canUpdate={props.canUpdate} />
    </Card>
  );
}
