import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HELP_TOPICS } from './help-topics';

/**
 * A short guide to using the portal, in the UI language, with the way to every past upgrade notice. The notices' path
 * comes from the button: importing the route table here made the bundler move the chunk-loading helper out of the
 * entry into a chunk of its own, one more request for the login page.
 */
export default function HelpDialog({ onClose, noticesPath }: { onClose: () => void; noticesPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showNotices = () => {
    onClose();
    navigate(noticesPath);
  };
  return (
    <Modal
      open
      title={t('help.title')}
      onCancel={onClose}
      footer={[
        <Button key="notices" type="link" onClick={showNotices} data-testid="help-notices">
          {t('notices.title')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="help-close">
          {t('common.close')}
        </Button>,
      ]}
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
