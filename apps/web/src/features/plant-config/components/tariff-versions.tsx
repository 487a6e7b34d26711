import { Button, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TARIFF_TYPES } from '@voltfleet/domain/plants';
import { type TariffVersion } from '@voltfleet/domain/tariffs';
import { Can } from '@/components/can';
import { notifySuccess } from '@/lib/success';
import { useDeleteTariffVersion } from '../api/delete-tariff-version';
import { optionLabel } from '@/lib/labels';

const STATE_COLOURS = { current: 'green', future: 'blue', past: 'default' } as const;

/** The plant's tariff versions with their effective dates; the current one is marked, future ones can be deleted. */
export function TariffVersions({ plantId, versions }: { plantId: number; versions: readonly TariffVersion[] }) {
  const { t } = useTranslation();
  const remove = useDeleteTariffVersion(plantId);
  const typeName = (type: number) => optionLabel(TARIFF_TYPES.find((o) => o.value === type)) ?? String(type);

  if (versions.length === 0) return <Empty description={t('plantConfig.noTariff')} data-testid="tariff-versions" />;
  return (
    <Flex vertical gap={12} data-testid="tariff-versions">
      {versions.map((v) => (
        <Flex
          key={v.tariffId}
          justify="space-between"
          gap={8}
          className="tariff-version"
          data-testid={`tariff-version-${v.effectiveFrom}`}
        >
          <Flex vertical gap={2}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{t('plantConfig.from', { date: v.effectiveFrom })}</Typography.Text>
              <Tag color={STATE_COLOURS[v.state]}>{t(`plantConfig.states.${v.state}`)}</Tag>
              {v.createdBy && <Typography.Text type="secondary">{v.createdBy}</Typography.Text>}
            </Flex>
            <Typography.Text type="secondary">
              {v.periods.map((p) => `${p.start}–${p.end} ${typeName(p.type)} ${p.price} ${v.currency}`).join(' · ')}
            </Typography.Text>
          </Flex>
          {v.state === 'future' && (
            <Can code="A/D:tariff.edit">
              <Popconfirm
                title={t('plantConfig.deleteVersion')}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                // A refusal was already shown by the request's own notice.
                onConfirm={() =>
                  remove
                    .mutateAsync(v.tariffId)
                    .then(() => notifySuccess('success.deleted'))
                    .catch(() => undefined)
                }
              >
                <Button danger size="small" data-testid="tariff-version-delete">
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            </Can>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
