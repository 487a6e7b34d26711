import { useMemo, useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { parameterCatalogue, type CatalogueCommand, type CatalogueField } from '@voltfleet/osim';
import { DataTable, type Column } from '@/components/data-table';
import { FirmwareVersion } from '@/components/firmware-version';
import type { VersionChoice } from '../lib/analyse-frame';
import { filterCatalogue, meaningText, rangeText, repeatText } from '../lib/catalogue-filter';
import { osimText } from '../lib/osim-text';
import { VersionSelect } from './result-analysis';

/** Parameter description: every command of the chosen version and every field, searchable by code, key or name. */
export function ParameterDescription() {
  const { t } = useTranslation();
  const [version, setVersion] = useState<VersionChoice>('auto');
  const [q, setQ] = useState('');
  const catalogue = useMemo(() => parameterCatalogue(version === 'auto' ? undefined : version), [version]);
  const shown = filterCatalogue(catalogue, q);

  // Per command: a repetition given by another field names that field, looked up among all the command's fields (a
  // search may have left the count field out).
  const columns = (c: CatalogueCommand): Column<CatalogueField>[] => [
    { title: t('onlineDebug.columns.name'), key: 'name', render: (_, f) => osimText(f.name) },
    { title: t('onlineDebug.columns.key'), dataIndex: 'key', render: (key) => <code>{key}</code> },
    {
      title: t('onlineDebug.columns.type'),
      key: 'type',
      render: (_, f) => [osimText(f.typeName), f.bits ? osimText(f.bits) : ''].filter(Boolean).join(' · '),
    },
    { title: t('onlineDebug.columns.bytes'), dataIndex: 'byteLen', align: 'right' },
    { title: t('onlineDebug.columns.scale'), dataIndex: 'scale', align: 'right' },
    { title: t('onlineDebug.columns.unit'), key: 'unit', render: (_, f) => f.unit ?? '' },
    { title: t('onlineDebug.columns.range'), key: 'range', render: (_, f) => rangeText(f) },
    { title: t('onlineDebug.columns.meaning'), key: 'meaning', render: (_, f) => meaningText(f) },
    { title: t('onlineDebug.columns.repeat'), key: 'repeat', render: (_, f) => repeatText(c, f) },
  ];

  return (
    <div className="online-debug-catalogue">
      <div className="filter-bar">
        <label className="filter-field">
          {t('onlineDebug.pcuVersion')}
          <VersionSelect value={version} onChange={setVersion} />
        </label>
        <label className="filter-field">
          {t('onlineDebug.search')}
          <Input
            data-testid="debug-catalogue-search"
            allowClear
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('onlineDebug.searchHint')}
          />
        </label>
      </div>
      {shown.length === 0 ? <p>{t('onlineDebug.noMatch')}</p> : null}
      {shown.map((c) => (
        <section key={`${c.family}-${c.code}-${c.version}`} data-testid={`debug-catalogue-${c.code}-${c.version}`}>
          <h4>
            <code>{c.code}</code> {osimText(c.name)} · {t(`onlineDebug.kinds.${c.kind}`)} ·{' '}
            <FirmwareVersion component="PCU" version={c.version} />
            {c.readBack ? ` · ${t('onlineDebug.readBack', { code: c.readBack })}` : ''}
          </h4>
          <DataTable
            rowKey="key"
            columns={columns(
              catalogue.find((all) => all.family === c.family && all.code === c.code && all.version === c.version) ?? c,
            )}
            dataSource={c.fields}
            rowTestId={(f) => `debug-catalogue-${c.code}-${c.version}-${f.key}`}
            emptyText={t('onlineDebug.noFields')}
          />
        </section>
      ))}
    </div>
  );
}
