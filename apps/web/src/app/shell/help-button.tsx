import { useState } from 'react';
import { Button, Modal, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const TOPICS = ['navigation', 'permissions', 'lists', 'account', 'session'] as const;

/** Header help: a short guide to using the portal. */
export function HelpButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('shell.help')}>
        <Button
          type="text"
          aria-label={t('shell.help')}
          data-testid="help"
          icon={<QuestionCircleOutlined />}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal
        open={open}
        title={t('help.title')}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            {t('common.close')}
          </Button>
        }
        data-testid="help-dialog"
      >
        <Typography.Paragraph>{t('help.intro')}</Typography.Paragraph>
        {TOPICS.map((topic) => (
          <div key={topic}>
            <Typography.Title level={5}>{t(`help.${topic}.title`)}</Typography.Title>
            <Typography.Paragraph>{t(`help.${topic}.text`)}</Typography.Paragraph>
          </div>
        ))}
      </Modal>
    </>
  );
}
