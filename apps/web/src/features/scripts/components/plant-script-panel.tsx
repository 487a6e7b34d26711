import { useState } from 'react';
import { Alert, Button, Col, Descriptions, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantScript, ScriptTestRun } from '@voltfleet/domain/plants';
import { PageSpin } from '@/components/page-spin';
import { ApiError } from '@/lib/http';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { notifySuccess } from '@/lib/success';
import { useDeactivatePlantScript } from '../api/deactivate-plant-script';
import { usePlantScript } from '../api/get-plant-script';
import { useSavePlantScript } from '../api/save-plant-script';
import { useTestRunScript } from '../api/test-run-script';
import { ScriptEditor } from './script-editor';
import { ScriptHelp } from './script-help';
import { TestRunResult } from './test-run-result';
import './script-panel.css';

/** The "Script" tab of the plant configuration: edit, test-run, save and deactivate the plant's Python script. */
export function PlantScriptPanel({ plantId }: { plantId: number }) {
  const script = usePlantScript(plantId);
  if (script.isPending) return <PageSpin />;
  if (script.isError) return <Alert type="error" showIcon title={script.error.message} />;
  // Keyed by plant: the draft starts from the stored source and is dropped when another plant is shown.
  return <ScriptPanelBody key={plantId} plantId={plantId} stored={script.data} />;
}

function ScriptPanelBody({ plantId, stored }: { plantId: number; stored: PlantScript }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(stored.source ?? '');
  const canEdit = useCan('A/D:script.edit');
  const testRun = useTestRunScript(plantId);
  const save = useSavePlantScript(plantId);
  const deactivate = useDeactivatePlantScript(plantId);
  const [run, setRun] = useState<ScriptTestRun | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const onTestRun = async () => {
    setSaveError(null);
    setRun(await testRun.mutateAsync(draft).catch(() => null));
  };
  const onSave = async () => {
    setSaveError(null);
    try {
      await save.mutateAsync(draft);
      notifySuccess('success.saved');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation') {
        setSaveError([error.message, ...error.issues.map((i) => i.message)].join('\n'));
      }
    }
  };
  const onDeactivate = async () => {
    await deactivate.mutateAsync();
    notifySuccess('success.cleared');
  };
  const errorLine = run?.error?.line ?? null;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <ScriptStatus stored={stored} />
          <ScriptEditor
            label={t('plantScript.editor')}
            value={draft}
            onChange={setDraft}
            errorLine={errorLine}
            readOnly={!canEdit}
          />
          <Space wrap>
            {canEdit && (
              <>
                <Button onClick={() => void onTestRun()} loading={testRun.isPending} disabled={!draft.trim()}>
                  {t('plantScript.testRun')}
                </Button>
                <Button type="primary" onClick={() => void onSave()} loading={save.isPending} disabled={!draft.trim()}>
                  {t('plantScript.save')}
                </Button>
                <Popconfirm
                  title={t('plantScript.deactivateConfirm')}
                  okText={t('plantScript.deactivate')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => void onDeactivate()}
                  disabled={!stored.active}
                >
                  <Button danger disabled={!stored.active} loading={deactivate.isPending}>
                    {t('plantScript.deactivate')}
                  </Button>
                </Popconfirm>
              </>
            )}
          </Space>
          {saveError && <Alert type="error" showIcon title={<pre className="script-error-text">{saveError}</pre>} />}
          {run && <TestRunResult run={run} />}
        </Space>
      </Col>
      <Col xs={24} xl={9}>
        <ScriptHelp onUse={setDraft} disabled={!canEdit} />
      </Col>
    </Row>
  );
}

function ScriptStatus({ stored }: { stored: PlantScript }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('plantScript.status')}>
          {stored.active ? <Tag color="green">{t('plantScript.active')}</Tag> : <Tag>{t('plantScript.inactive')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('plantScript.version')}>
          {stored.source === null ? '—' : stored.version}
        </Descriptions.Item>
        <Descriptions.Item label={t('plantScript.updated')}>
          {stored.updatedAt ? `${formatDateTime(stored.updatedAt)} ${stored.updatedBy ?? ''}`.trim() : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('plantScript.lastRun')}>{formatDateTime(stored.lastRunAt)}</Descriptions.Item>
      </Descriptions>
      {stored.lastError && (
        <Alert
          type="warning"
          showIcon
          title={t('plantScript.lastError')}
          description={
            <>
              <pre className="script-error-text">{stored.lastError}</pre>
              <Typography.Text type="secondary">{t('plantScript.lastErrorKept')}</Typography.Text>
            </>
          }
        />
      )}
    </>
  );
}
