import { useState } from 'react';
import { Button, Flex, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  REPORT_DAY_STEPS,
  REPORT_MAX_DEVICES,
  REPORT_MAX_INDICES,
  REPORT_PERIODS,
  reportQuerySchema,
  type ReportPeriod,
  type ReportQueryInput,
} from '@voltfleet/domain/reports';
import { formatBrowserDate } from '@/lib/format';
import { notify } from '@/lib/notice';
import { useReportTemplates } from '../api/get-report-templates';
import { DevicePicker } from './device-picker';
import { IndexPicker } from './index-picker';
import { localiseIssues } from '@/lib/i18n';

type Source = 'template' | 'adhoc';

interface Draft {
  source: Source;
  templateId?: number;
  deviceIds: number[];
  indices: string[];
  period: ReportPeriod;
  step: (typeof REPORT_DAY_STEPS)[number];
  date: string;
  start: string;
  end: string;
}

/** The query a draft stands for, as the server reads it. */
function queryOf(d: Draft): ReportQueryInput {
  const what = d.source === 'template' ? { templateId: d.templateId } : { deviceIds: d.deviceIds, indices: d.indices };
  const when = d.period === 'custom' ? { start: d.start, end: d.end } : { date: d.date };
  return { ...what, ...when, period: d.period, ...(d.period === 'day' ? { step: d.step } : {}) } as ReportQueryInput;
}

/**
 * What data selection reads: a template or devices and indices chosen here (≤ 4, ≤ 8), and the period. Checked with
 * the domain schema the server uses before it is asked for.
 */
export function SelectionForm({ onQuery }: { onQuery: (q: ReportQueryInput) => void }) {
  const { t } = useTranslation();
  const templates = useReportTemplates();
  const today = formatBrowserDate();
  const [d, setD] = useState<Draft>({
    source: 'template',
    deviceIds: [],
    indices: [],
    period: 'day',
    step: '1h',
    date: today,
    start: today,
    end: today,
  });
  const set = (patch: Partial<Draft>) => setD((old) => ({ ...old, ...patch }));
  const warn = (key: string, max: number) =>
    notify('warning', localiseIssues([{ path: [], message: key, code: 'custom', maximum: max }])[0]!.message);
  const search = () => {
    const q = queryOf(d);
    const checked = reportQuerySchema.safeParse(q);
    if (!checked.success) return void notify('warning', localiseIssues(checked.error.issues)[0]!.message);
    onQuery(q);
  };
  const dateInput = (value: string, onChange: (v: string) => void, testId: string) => (
    <input
      type={d.period === 'month' ? 'month' : 'date'}
      className="chart-date"
      aria-label={t('reports.date')}
      data-testid={testId}
      value={d.period === 'month' ? value.slice(0, 7) : value}
      onChange={(e) => e.target.value && onChange(d.period === 'month' ? `${e.target.value}-01` : e.target.value)}
    />
  );

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }} data-testid="report-selection">
      <Flex gap={12} wrap align="center">
        <Segmented<Source>
          value={d.source}
          data-testid="report-source"
          options={[
            { value: 'template', label: t('reports.fromTemplate') },
            { value: 'adhoc', label: t('reports.adHoc') },
          ]}
          onChange={(source) => set({ source })}
        />
        {d.source === 'template' ? (
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 280 }}
            placeholder={t('reports.chooseTemplate')}
            loading={templates.isLoading}
            value={d.templateId}
            data-testid="report-template"
            options={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
            onChange={(templateId) => set({ templateId })}
          />
        ) : (
          <>
            <div style={{ minWidth: 320, flex: 1 }}>
              <DevicePicker
                value={d.deviceIds}
                onChange={(deviceIds) => set({ deviceIds })}
                onTooMany={() => warn('report.tooManyDevices', REPORT_MAX_DEVICES)}
                data-testid="report-devices"
              />
            </div>
            <div style={{ minWidth: 320, flex: 1 }}>
              <IndexPicker
                value={d.indices}
                onChange={(indices) => set({ indices })}
                onTooMany={() => warn('report.tooManyIndices', REPORT_MAX_INDICES)}
                data-testid="report-indices"
              />
            </div>
          </>
        )}
      </Flex>
      <Flex gap={12} wrap align="center">
        <Segmented<ReportPeriod>
          value={d.period}
          data-testid="report-period"
          options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
          onChange={(period) => set({ period })}
        />
        {d.period === 'day' && (
          <Segmented
            value={d.step}
            data-testid="report-step"
            options={REPORT_DAY_STEPS.map((s) => ({ value: s, label: t(`reports.steps.${s}`) }))}
            onChange={(step) => set({ step })}
          />
        )}
        {d.period === 'year' && (
          <input
            type="number"
            className="chart-date"
            min={2000}
            max={2100}
            aria-label={t('reports.date')}
            data-testid="report-date"
            value={d.date.slice(0, 4)}
            onChange={(e) => /^\d{4}$/.test(e.target.value) && set({ date: `${e.target.value}-01-01` })}
          />
        )}
        {(d.period === 'day' || d.period === 'month') && dateInput(d.date, (date) => set({ date }), 'report-date')}
        {d.period === 'custom' && (
          <>
            {dateInput(d.start, (start) => set({ start }), 'report-start')}
            {dateInput(d.end, (end) => set({ end }), 'report-end')}
          </>
        )}
        <Button type="primary" onClick={search} data-testid="report-search">
          {t('common.search')}
        </Button>
      </Flex>
    </Flex>
  );
}
