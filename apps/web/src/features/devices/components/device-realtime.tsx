import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FIELD_GROUP_NAMES,
  fieldByKey,
  findOption,
  type DeviceRealtime,
  type Lang,
  type RealtimeValue,
} from '@voltfleet/domain';
import { formatPlantTime } from '@/lib/format';
import { formatFixed } from '@/lib/number-format';
import { LiveValue } from './live-value';

/** A value in the UI language with its catalogue decimals and unit; a coded state as its label; else "—". */
function shown(v: RealtimeValue, lang: Lang): string {
  if (v.value === null) return '—';
  const field = fieldByKey(v.key);
  if (field?.options) return findOption(field.options, v.value)?.names[lang] ?? String(v.value);
  if (field?.kind === 'code') return String(v.value);
  const text = formatFixed(v.value, lang, v.decimals);
  const unit = v.unit === 'currency' ? '' : v.unit;
  return unit ? `${text} ${unit}` : text;
}

/** The newest reading by monitoring group, names from the domain catalogue; a value that changes lights up. */
export function DeviceRealtimeGroups({ realtime }: { realtime: DeviceRealtime }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return (
    <div data-testid="device-realtime">
      {realtime.ts === null ? (
        <Empty description={t('deviceDetail.realtime.never')} />
      ) : (
        <p className="device-realtime-time" data-testid="device-realtime-time">
          {t('deviceDetail.realtime.readingAt', { time: formatPlantTime(realtime.ts, realtime.plantTimeZone) })}
        </p>
      )}
      {realtime.ts !== null && (
        <Row gutter={[16, 16]}>
          {realtime.groups.map((group) => (
            <Col key={group.group} xs={24} lg={12} xxl={8}>
              <Card
                size="small"
                title={FIELD_GROUP_NAMES[group.group][lang]}
                data-testid={`realtime-group-${group.group}`}
              >
                <dl className="device-realtime-list">
                  {group.values.map((v) => (
                    <div key={v.key} className="device-realtime-row">
                      <dt>{fieldByKey(v.key)?.names[lang] ?? v.key}</dt>
                      <dd>
                        <LiveValue value={v.value} testId={`realtime-${v.key}`}>
                          {shown(v, lang)}
                        </LiveValue>
                      </dd>
                    </div>
                  ))}
                </dl>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
