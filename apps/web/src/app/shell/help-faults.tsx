import { useDeferredValue, useMemo, useState } from 'react';
import { Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITY_LABELS, type AlarmSeverity } from '@voltfleet/domain/alarms';
import { type Lang } from '@voltfleet/domain/i18n';
import { matchingFaults } from './help-fault-search';
import { message } from '@/lib/i18n';
import { alarmText } from '@/lib/labels';

// The alarm pages' colours (features/alarms severity tags), as Ant Design tag colours: the help is not an alarm page.
const SEVERITY_COLOURS: Record<AlarmSeverity, string> = {
  critical: 'red',
  major: 'volcano',
  minor: 'gold',
  warning: 'blue',
};

/** The fault catalogue (domain ALARM_CATALOGUE) in the UI language, searchable by code, name, cause and handling. */
export function HelpFaults() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [query, setQuery] = useState('');
  // Typing stays responsive while the whole catalogue re-renders behind it.
  const deferred = useDeferredValue(query);
  const faults = useMemo(() => matchingFaults(deferred, lang, message), [deferred, lang]);

  return (
    <section className="help-faults" data-testid="help-faults">
      <Typography.Title level={5}>{t('help.faults.title')}</Typography.Title>
      <p>{t('help.faults.intro')}</p>
      <Input.Search
        allowClear
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('help.faults.search')}
        aria-label={t('help.faults.search')}
        data-testid="help-faults-search"
      />
      {faults.length === 0 ? (
        <p className="help-faults-empty">{t('help.faults.none')}</p>
      ) : (
        <dl className="help-faults-list">
          {faults.map((entry) => (
            <div key={entry.code} className="help-fault" data-testid="help-fault" data-code={entry.code}>
              <dt>
                <strong>{alarmText(entry)}</strong>{' '}
                <Tag color={SEVERITY_COLOURS[entry.severity]} data-severity={entry.severity}>
                  {message(ALARM_SEVERITY_LABELS[entry.severity])}
                </Tag>
                <code className="help-fault-code">{entry.code}</code>
              </dt>
              <dd>
                <span className="help-fault-label">{t('help.faults.cause')}</span> {alarmText(entry, 'cause')}
              </dd>
              <dd>
                <span className="help-fault-label">{t('help.faults.handling')}</span> {alarmText(entry, 'handling')}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
