import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown once with a copy button: the server never lists it again. */
export function WebhookSecretView({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="webhook-secret-view">
      <Alert type="warning" showIcon title={t('webhooks.secretOnce')} />
      <div>
        <Typography.Text strong>{t('webhooks.secret')}</Typography.Text>
        <Typography.Paragraph
          copyable={{ text: secret, tooltips: [t('webhooks.copy'), t('webhooks.copied')] }}
          code
          style={{ wordBreak: 'break-all', marginBottom: 0 }}
          data-testid="webhook-secret"
        >
          {secret}
        </Typography.Paragraph>
      </div>
      <Typography.Text type="secondary">{t('webhooks.verifyHint')}</Typography.Text>
    </Space>
  );
}
