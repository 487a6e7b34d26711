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
import { DayField } from '@/components/day-field';
import { formatBrowserDate } from '@/lib/format';
import { notify } from '@/lib/notice';
import { useReportTemplates } from '../api/get-report-templates';
import { DevicePicker } from './device-picker';
import { IndexPicker } from './index-picker';
import { localiseIssues } from '@/lib/i18n';

type Source = 'template' | 'adhoc';

/** The widths of a date field, as the charts' (with its icon): a day as 14.03.2026 or 2026-03-14, a month, a year. */
const WIDTH = { date: 140, month: 120, year: 100 } as const;

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
  // Ant Design's picker in the UI language, loaded when a field is reached for. A day stays picked (no clearing): a
  // month is kept as its first day, a year as 1 January, as the API reads them; the years the native field allowed.
  const dateField = (value: string, onChange: (v: string) => void, testId: string) => {
    const kind = d.period === 'month' || d.period === 'year' ? d.period : 'date';
    return (
      <DayField
        testId={testId}
        className="report-day"
        ariaLabel={t('reports.date')}
        picker={kind}
        width={WIDTH[kind]}
        allowClear={false}
        min={kind === 'year' ? '2000-01-01' : undefined}
        max={kind === 'year' ? '2100-12-31' : undefined}
        value={value}
        onChange={(day) => day && onChange(day)}
      />
    );
  };

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
        {d.period === 'custom' ? (
          <>
            {dateField(d.start, (start) => set({ start }), 'report-start')}
            {dateField(d.end, (end) => set({ end }), 'report-end')}
          </>
        ) : (
          dateField(d.date, (date) => set({ date }), 'report-date')
        )}
        <Button type="primary" onClick={search} data-testid="report-search">
          {t('common.search')}
        </Button>
      </Flex>
    </Flex>
  );
}
