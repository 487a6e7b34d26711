import { useState } from 'react';
import { Alert, Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DebugDevice } from '@voltfleet/domain/commands';
import { commandsFor, firmwareVersionText } from '@voltfleet/osim';
import { useCan } from '@/lib/permissions';
import { useDebugRead } from '../api/debug-read';
import { debugInput, type ReadMode } from '../lib/debug-input';
import { replyFields } from '../lib/field-rows';
import { osimText } from '../lib/osim-text';
import { DecodedFields } from './decoded-fields';

/** Reading data: a query command of the device's version sent through the gateway; raw frames and decoded fields. */
export function ReadingData({ device }: { device: DebugDevice }) {
  const { t } = useTranslation();
  const canRaw = useCan('B/E:debug.raw');
  const read = useDebugRead();
  const [mode, setMode] = useState<ReadMode>('query');
  const [command, setCommand] = useState<string | undefined>(undefined);
  const [addresses, setAddresses] = useState('');
  const [values, setValues] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const pcuVersion = device.pcuVersion;

  const queries = commandsFor(pcuVersion).filter((c) => c.kind === 'query' && c.code !== 'BB');

  const send = () => {
    const input = debugInput({ mode, command, addresses, values });
    if (!input) {
      setInputError(t(mode === 'query' ? 'onlineDebug.chooseCommand' : 'onlineDebug.registersInvalid'));
      return;
    }
    setInputError(null);
    read.mutate({ deviceId: device.id, input });
  };

  const result = read.data;
  return (
    <div className="online-debug-read">
      <p>{t('onlineDebug.deviceVersion', { sn: device.sn, version: firmwareVersionText(pcuVersion) })}</p>
      <div className="filter-bar">
        {canRaw ? (
          <label className="filter-field">
            {t('onlineDebug.mode')}
            <Select<ReadMode>
              data-testid="debug-read-mode"
              value={mode}
              onChange={setMode}
              style={{ minWidth: 180 }}
              options={[
                { value: 'query', label: t('onlineDebug.modeQuery') },
                { value: 'registerRead', label: t('onlineDebug.modeRegisterRead') },
                { value: 'registerWrite', label: t('onlineDebug.modeRegisterWrite') },
              ]}
            />
          </label>
        ) : null}
        {mode === 'query' ? (
          <label className="filter-field">
            {t('onlineDebug.command')}
            <Select<string>
              data-testid="debug-read-command"
              value={command}
              onChange={setCommand}
              style={{ minWidth: 260 }}
              placeholder={t('onlineDebug.chooseCommand')}
              options={queries.map((c) => ({ value: c.code, label: `${c.code} · ${osimText(c.name)}` }))}
            />
          </label>
        ) : (
          <>
            <label className="filter-field">
              {t('onlineDebug.registers')}
              <Input
                data-testid="debug-registers"
                value={addresses}
                onChange={(e) => setAddresses(e.target.value)}
                placeholder="0x1000, 0x1001"
              />
            </label>
            {mode === 'registerWrite' ? (
              <label className="filter-field">
                {t('onlineDebug.registerValues')}
                <Input
                  data-testid="debug-register-values"
                  value={values}
                  onChange={(e) => setValues(e.target.value)}
                  placeholder="1, 0x00ff"
                />
              </label>
            ) : null}
          </>
        )}
        <Button type="primary" data-testid="debug-read-send" loading={read.isPending} onClick={send}>
          {t('onlineDebug.send')}
        </Button>
      </div>
      {inputError ? <Alert type="error" showIcon message={inputError} /> : null}
      {read.error ? <Alert type="error" showIcon data-testid="debug-read-error" message={read.error.message} /> : null}
      {result ? (
        <section data-testid="debug-read-result">
          <dl className="online-debug-summary">
            <dt>{t('onlineDebug.request')}</dt>
            <dd>
              <code data-testid="debug-request-hex">{result.requestHex}</code>
            </dd>
          </dl>
          {!result.complete ? <Alert type="warning" showIcon message={t('onlineDebug.incomplete')} /> : null}
          {result.replies.map((reply) => {
            const decoded = replyFields(reply, result.pcuVersion);
            return (
              <div key={reply.command}>
                <h4>
                  {t('onlineDebug.reply')} <code>{reply.command}</code>
                </h4>
                <pre className="online-debug-hex" data-testid={`debug-reply-hex-${reply.command}`}>
                  {reply.hex}
                </pre>
                {decoded.error ? (
                  <Alert type="error" showIcon message={decoded.error} />
                ) : (
                  <DecodedFields fields={decoded.fields} testId={`debug-reply-fields-${reply.command}`} />
                )}
              </div>
            );
          })}
        </section>
      ) : null}
    </div>
  );
}
