import { useState } from 'react';
import { Alert, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OSIM_VERSIONS, firmwareVersionText, toHex } from '@voltfleet/osim';
import { FirmwareVersion } from '@/components/firmware-version';
import { StatusTag } from '@/components/status-tag';
import { analyseFrame, parseHexInput, type VersionChoice } from '../lib/analyse-frame';
import { fieldRows } from '../lib/field-rows';
import { DecodedFields } from './decoded-fields';

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** Version picker: auto or one of the reference's layout versions. */
export function VersionSelect({ value, onChange }: { value: VersionChoice; onChange: (v: VersionChoice) => void }) {
  const { t } = useTranslation();
  return (
    <Select<VersionChoice>
      data-testid="debug-version"
      style={{ minWidth: 160 }}
      value={value}
      onChange={onChange}
      options={[
        { value: 'auto', label: t('onlineDebug.versionAuto') },
        // The picker sits under its "PCU version" label: each layout version as the version text alone (259 → 2.5.9).
        ...OSIM_VERSIONS.map((v) => ({ value: v, label: firmwareVersionText(v) })),
      ]}
    />
  );
}

/** Result analysis: paste a hex frame and see it decoded field by field, with its checksum verdict. No device. */
export function ResultAnalysis() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [version, setVersion] = useState<VersionChoice>('auto');
  // Read on every render, not memoised: one pasted frame decodes in well under a millisecond, and its error and field
  // names read in the UI's language, so a language switch (a render) reads them again.
  const parsed = parseHexInput(text);
  const analysis = parsed.ok ? analyseFrame(parsed.bytes, version) : null;
  const fields = analysis?.message ? fieldRows(analysis.message) : [];

  return (
    <div className="online-debug-analysis">
      <label className="filter-field">
        {t('onlineDebug.frameHex')}
        <Input.TextArea
          data-testid="debug-frame-input"
          rows={4}
          spellCheck={false}
          placeholder={t('onlineDebug.frameHexHint')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <label className="filter-field">
        {t('onlineDebug.pcuVersion')}
        <VersionSelect value={version} onChange={setVersion} />
      </label>
      {!parsed.ok && 'error' in parsed ? (
        <Alert type="error" showIcon data-testid="debug-frame-error" message={parsed.error} />
      ) : null}
      {analysis ? (
        <section data-testid="debug-analysis">
          <p>
            {t('onlineDebug.checksum')}{' '}
            <span data-testid="debug-checksum">
              {analysis.checksum.verdict === 'ok' ? (
                <StatusTag tone="success">{t('onlineDebug.checksumOk')}</StatusTag>
              ) : analysis.checksum.verdict === 'bad' ? (
                <StatusTag tone="error">
                  {t('onlineDebug.checksumBad', {
                    expected: hex2(analysis.checksum.expected ?? 0),
                    actual: hex2(analysis.checksum.actual ?? 0),
                  })}
                </StatusTag>
              ) : (
                <StatusTag tone="default">{t('onlineDebug.checksumUnchecked')}</StatusTag>
              )}
            </span>
          </p>
          {analysis.error ? (
            <Alert type="error" showIcon data-testid="debug-frame-error" message={analysis.error} />
          ) : null}
          {analysis.message ? (
            <>
              <dl className="online-debug-summary" data-testid="debug-frame-summary">
                <dt>{t('onlineDebug.command')}</dt>
                <dd data-testid="debug-frame-command">{analysis.command}</dd>
                <dt>{t('onlineDebug.direction')}</dt>
                <dd data-testid="debug-frame-direction">
                  {t(analysis.message.direction === 'request' ? 'onlineDebug.request' : 'onlineDebug.reply')}
                </dd>
                <dt>{t('onlineDebug.layoutVersion')}</dt>
                <dd>
                  <FirmwareVersion component="PCU" version={analysis.version} />
                </dd>
                <dt>{t('onlineDebug.dataBytes')}</dt>
                <dd>
                  <code>{toHex(analysis.message.frame.data) || '—'}</code>
                </dd>
              </dl>
              {analysis.message.payload ? (
                <DecodedFields fields={fields} testId="debug-analysis-fields" />
              ) : (
                <p data-testid="debug-frame-query">{t('onlineDebug.queryWithoutData')}</p>
              )}
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
