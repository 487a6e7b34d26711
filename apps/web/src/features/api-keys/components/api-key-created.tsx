import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKeyCreated } from '@voltfleet/domain/api-keys';

/** How a program calls with the key: the plant list of this server, for a first try. */
export const curlExample = (origin: string, key: string): string =>
  `curl -H "Authorization: Bearer ${key}" ${origin}/api/plants`;

/** The new key, shown once with a copy button and a first call to try: the server keeps only its hash. */
export function ApiKeyCreatedView({ created }: { created: ApiKeyCreated }) {
  const { t } = useTranslation();
  const copyable = (text: string) => ({ text, tooltips: [t('apiKeys.copy'), t('apiKeys.copied')] });
  const example = curlExample(window.location.origin, created.key);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="api-key-created">
      <Alert type="warning" showIcon title={t('apiKeys.onceWarning')} />
      <div>
        <Typography.Text strong>{t('apiKeys.key')}</Typography.Text>
        <Typography.Paragraph
          copyable={copyable(created.key)}
          code
          style={{ wordBreak: 'break-all', marginBottom: 0 }}
          data-testid="api-key-secret"
        >
          {created.key}
        </Typography.Paragraph>
      </div>
      <div>
        <Typography.Text strong>{t('apiKeys.example')}</Typography.Text>
        <Typography.Paragraph
          copyable={copyable(example)}
          code
          style={{ wordBreak: 'break-all', marginBottom: 0 }}
          data-testid="api-key-example"
        >
          {example}
        </Typography.Paragraph>
      </div>
    </Space>
  );
}
