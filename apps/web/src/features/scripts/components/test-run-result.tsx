import { Alert, Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCRIPT_FIGURES, type ScriptTestRun } from '@voltfleet/domain/plants';

const kwh = (value: number) => `${value.toFixed(2)} kWh`;

/** The outcome of a test run: the day totals and indicators, or the error with its line. */
export function TestRunResult({ run }: { run: ScriptTestRun }) {
  const { t } = useTranslation();
  if (run.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={
          run.error.line === null ? t('plantScript.errorTitle') : t('plantScript.errorAtLine', { line: run.error.line })
        }
        description={<pre className="script-error-text">{run.error.message}</pre>}
      />
    );
  }
  if (!run.totals || run.day === null) return <Alert type="info" showIcon title={t('plantScript.noData')} />;
  const { totals } = run;
  return (
    <div>
      <Typography.Paragraph type="secondary">
        {t('plantScript.testRunDay', { day: run.day, count: run.buckets, ms: Math.round(run.durationMs) })}
      </Typography.Paragraph>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
        {SCRIPT_FIGURES.map((figure) => (
          <Descriptions.Item key={figure} label={t(`plantScript.figures.${figure}`)}>
            {kwh(totals[figure])}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('plantScript.figures.earnings')}>
          {totals.earnings === null ? t('plantScript.earningsFromTariff') : totals.earnings.toFixed(2)}
        </Descriptions.Item>
      </Descriptions>
      {run.indicators.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          rowKey="name"
          pagination={false}
          dataSource={run.indicators}
          columns={[
            { title: t('plantScript.indicator'), dataIndex: 'name' },
            { title: t('plantScript.value'), render: (_, row) => `${row.value} ${row.unit}`.trim() },
          ]}
        />
      )}
    </div>
  );
}
