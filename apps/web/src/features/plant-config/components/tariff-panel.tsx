import { Alert, Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/can';
import { PageSpin } from '@/components/page-spin';
import { usePlantTariffs } from '../api/get-plant-tariffs';
import { TariffEditor } from './tariff-editor';
import { TariffVersions } from './tariff-versions';

/** The "Electricity price" tab: the versions of the plant's tariff and, with the permission, a new version. */
export function TariffPanel({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const tariffs = usePlantTariffs(plantId);
  if (tariffs.isPending) return <PageSpin />;
  if (tariffs.isError) return <Alert type="error" showIcon title={tariffs.error.message} />;
  const { versions, today, currency, timeZone } = tariffs.data;
  const current = versions.find((v) => v.state === 'current');
  return (
    <Row gutter={[16, 16]}>
      <Can code="A/D:tariff.edit">
        <Col xs={24} xl={14}>
          <Card title={t('plantConfig.newVersion')} size="small">
            {/* Keyed so the draft restarts from the newest current version after a save. */}
            <TariffEditor
              key={`${plantId}-${current?.tariffId ?? 0}`}
              plantId={plantId}
              today={today}
              currency={currency}
              initial={current?.periods}
            />
          </Card>
        </Col>
      </Can>
      <Col xs={24} xl={10}>
        <Card title={t('plantConfig.versions', { timeZone })} size="small">
          <TariffVersions plantId={plantId} versions={versions} />
        </Card>
      </Col>
    </Row>
  );
}
