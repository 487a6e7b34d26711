import { useState } from 'react';
import { Alert, Button, Descriptions, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FirmwareOptions } from '@voltfleet/domain/firmware';
import { FirmwareVersion } from '@/components/firmware-version';
import { passwordEncrypter } from '@/lib/password-crypto';
import { useFirmwareOptions } from '../api/get-firmware-options';
import { useUpgradeDevice } from '../api/upgrade-device';
import { PasswordModal } from './password-modal';
import { RestartCountdown } from './restart-countdown';

type Option = FirmwareOptions['options'][number];

/** An image as the picker lists it: its component as a label beside its version, its family, why not when refused. */
const optionLabel = (o: Option, unavailable: string) => (
  <span>
    <FirmwareVersion component={o.image.kind} version={o.image.version} />
    {` · ${o.image.family}`}
    {o.available ? '' : ` (${unavailable})`}
  </span>
);

/** Firmware upgrade of one device: its versions, the images with why each is refused, password, restart wait. */
export function FirmwareUpgradePanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const options = useFirmwareOptions(deviceId);
  const upgrade = useUpgradeDevice(deviceId);
  const [imageId, setImageId] = useState<number>();
  const [asking, setAsking] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  if (options.isPending) return <Spin />;
  if (!options.data) return null;
  const data = options.data;
  const chosen = data.options.find((o) => o.image.id === imageId);
  const restartUntil = upgrade.data?.restartUntil ?? data.restartUntil;

  const issue = async (password: string) => {
    if (!chosen) return;
    const encrypt = await passwordEncrypter();
    upgrade.mutate(
      { deviceId, imageId: chosen.image.id, password: await encrypt(password), idempotencyKey },
      {
        onSuccess: () => setIdempotencyKey(crypto.randomUUID()),
        onSettled: () => setAsking(false),
      },
    );
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="firmware-upgrade-panel">
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label={t('firmware.model')}>{data.model}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.pcuVersion')}>
          <FirmwareVersion version={data.pcuVersion} testId="firmware-pcu-version" />
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.dspVersion')}>
          <FirmwareVersion version={data.dspVersion} testId="firmware-dsp-version" />
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.power')}>
          {data.poweredOff ? t('firmware.poweredOff') : t('firmware.poweredOn')}
        </Descriptions.Item>
      </Descriptions>
      {restartUntil && <RestartCountdown until={restartUntil} onDone={() => void options.refetch()} />}
      {data.noVersionMessage ? (
        <Alert type="warning" showIcon message={data.noVersionMessage} data-testid="firmware-no-version" />
      ) : (
        <Space wrap>
          <Select
            style={{ minWidth: 280 }}
            placeholder={t('firmware.chooseImage')}
            value={imageId}
            onChange={setImageId}
            data-testid="firmware-image"
            options={data.options.map((o) => ({
              value: o.image.id,
              label: optionLabel(o, t('firmware.unavailable')),
            }))}
          />
          <Button
            type="primary"
            disabled={!chosen || chosen.reason !== null || restartUntil !== null}
            onClick={() => setAsking(true)}
            data-testid="firmware-upgrade"
          >
            {t('firmware.upgrade')}
          </Button>
        </Space>
      )}
      {chosen?.reason && <Alert type="error" showIcon message={chosen.reason} data-testid="firmware-refusal" />}
      {chosen && (
        <Typography.Text type="secondary">{t('firmware.checksum', { sha256: chosen.image.sha256 })}</Typography.Text>
      )}
      {asking && (
        <PasswordModal busy={upgrade.isPending} onSubmit={(p) => void issue(p)} onCancel={() => setAsking(false)} />
      )}
    </Space>
  );
}
