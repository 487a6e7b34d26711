import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { HELP_TOPICS } from './help-topics';

/** A short guide to using the portal, in the UI language. */
export default function HelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('help.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="help-close">
          {t('common.close')}
        </Button>
      }
    >
      <div className="help-section" data-testid="help-dialog">
        <p>{t('help.intro')}</p>
        {HELP_TOPICS.map((topic) => (
          <section key={topic}>
            <h5>{t(`help.${topic}.title`)}</h5>
            <p>{t(`help.${topic}.text`)}</p>
          </section>
        ))}
      </div>
    </Modal>
  );
}
