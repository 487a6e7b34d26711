import { Alert, Card, Col, Empty, Row } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FIELD_GROUP_NAMES, type DeviceRealtime, type LinkedDevice } from '@voltfleet/domain/telemetry';
import { type DeviceKind } from '@voltfleet/domain/devices';
import { formatPlantTime } from '@/lib/format';
import { fieldLabelOf, formatFieldValue } from '@/lib/field-value';
import { LiveValue } from './live-value';
import { devicePath } from './via-device';
import { message } from '@/lib/i18n';

/** A line naming the device a battery's values come from, its serial number linking to its page. */
function SourceText({ i18nKey, source, time }: { i18nKey: string; source: LinkedDevice; time?: string }) {
  return (
    <Trans
      i18nKey={i18nKey}
      values={{ sn: source.sn, time }}
      components={{ link: <Link to={devicePath(source.id)} data-testid={`realtime-source-${source.sn}`} /> }}
    />
  );
}

/**
 * What stands above the values: the newest reading's time, or why there is nothing to show. A battery's values are
 * its inverter's (the reading's `source`): the line names that inverter, and says so plainly when it never reported,
 * or when its reading carries no battery values (rather than that the battery reported nothing).
 */
function ReadingHeader({ realtime, kind }: { realtime: DeviceRealtime; kind: DeviceKind }) {
  const { t } = useTranslation();
  const { source, ts } = realtime;
  const time = formatPlantTime(ts, realtime.plantTimeZone);
  if (kind === 'battery' && !source)
    return <Empty data-testid="realtime-no-source" description={t('deviceDetail.link.battery.noSource')} />;
  if (source && ts === null)
    return (
      <Empty
        data-testid="realtime-source-never"
        description={<SourceText i18nKey="deviceDetail.link.battery.sourceNever" source={source} />}
      />
    );
  if (ts === null) return <Empty description={t('deviceDetail.realtime.never')} />;
  if (source && realtime.groups.every((g) => g.values.every((v) => v.value === null)))
    return (
      <Alert
        type="info"
        showIcon
        data-testid="realtime-no-bms"
        title={<SourceText i18nKey="deviceDetail.link.battery.noBmsValues" source={source} time={time} />}
      />
    );
  return (
    <p className="device-realtime-time" data-testid="device-realtime-time">
      {source ? (
        <SourceText i18nKey="deviceDetail.link.battery.reportedBy" source={source} time={time} />
      ) : (
        t('deviceDetail.realtime.readingAt', { time })
      )}
    </p>
  );
}

/** A reading whose values are shown: one that exists, and (from another device) carries some of them. */
const hasValues = (r: DeviceRealtime) =>
  r.ts !== null && (r.source === null || r.groups.some((g) => g.values.some((v) => v.value !== null)));

/** The newest reading by monitoring group, names from the domain catalogue; a value that changes lights up. */
export function DeviceRealtimeGroups({ realtime, kind }: { realtime: DeviceRealtime; kind: DeviceKind }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div data-testid="device-realtime">
      <ReadingHeader realtime={realtime} kind={kind} />
      {hasValues(realtime) && (
        <Row gutter={[16, 16]}>
          {realtime.groups.map((group) => (
            <Col key={group.group} xs={24} lg={12} xxl={8}>
              <Card
                size="small"
                title={message(FIELD_GROUP_NAMES[group.group])}
                data-testid={`realtime-group-${group.group}`}
              >
                <dl className="device-realtime-list">
                  {group.values.map((v) => (
                    <div key={v.key} className="device-realtime-row">
                      <dt>{fieldLabelOf(v.key)}</dt>
                      <dd>
                        <LiveValue value={v.value} testId={`realtime-${v.key}`}>
                          {formatFieldValue(v, lang)}
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
