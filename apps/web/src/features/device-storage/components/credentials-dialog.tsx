import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceCredentials } from '@voltfleet/domain/devices';

/**
 * A device's MQTT login, shown this one time (after stock-in or rotation): the server keeps only a hash, so
 * closing the dialog loses the secret. Values are plain text with copy buttons.
 */
export function CredentialsDialog({ credentials, onClose }: { credentials: DeviceCredentials; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('deviceStorage.credentials.title')}
      okText={t('deviceStorage.credentials.saved')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      data-testid="credentials-dialog"
    >
      <Alert type="warning" showIcon title={t('deviceStorage.credentials.once')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('deviceStorage.credentials.username')}>
          <Typography.Text copyable code data-testid="credentials-username">
            {credentials.username}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceStorage.credentials.secret')}>
          <Typography.Text copyable code data-testid="credentials-secret">
            {credentials.secret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
